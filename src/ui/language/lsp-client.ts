import type * as monaco from 'monaco-editor';
import { LanguageStore } from '../../application/language/language.store';
import { LspChannel } from '../../application/language/lsp-channel';
import { isQuietLspFailure } from '../../application/language/lsp-failure';
import { Language } from '../../application/ports/language.port';
import { workspacePathOfUri } from '../../domain/language/workspace-uri';

/** What a server said it can do (the `capabilities` of its InitializeResult), as far as the editor reads them. */
export interface ServerCapabilities {
  hoverProvider?: unknown;
  completionProvider?: { triggerCharacters?: string[]; resolveProvider?: boolean };
  signatureHelpProvider?: { triggerCharacters?: string[]; retriggerCharacters?: string[] };
  definitionProvider?: unknown;
  referencesProvider?: unknown;
  renameProvider?: boolean | { prepareProvider?: boolean };
}

let nextRequestId = 0;

/**
 * Speaks LSP for Monaco models through the workspace's language bridge (LspChannel): picks the language of a model by
 * its path (the server's catalog, so 'tsconfig.json' is jsonc), numbers requests so that a cancelled one can be
 * named in `$/cancelRequest`, and learns each server's capabilities from the bridge's cached InitializeResult.
 */
export class LspClient {
  private readonly capabilities = new Map<string, Promise<ServerCapabilities>>();

  constructor(
    readonly channel: LspChannel,
    readonly languages: LanguageStore,
  ) {}

  /** The catalog language of a model, when a language server serves it. */
  languageOf(model: monaco.editor.ITextModel): Language | undefined {
    const path = workspacePathOfUri(model.uri.toString());
    const language = path === undefined ? undefined : this.languages.forPath(path);
    return language?.hasLanguageServer && language.languageServerIds.length > 0 ? language : undefined;
  }

  serverOf(language: Language): string {
    return language.languageServerIds[0];
  }

  notify(language: Language, method: string, params: unknown): void {
    this.channel.notify(language.id, method, params).catch(() => undefined);
  }

  /**
   * A request about a model; undefined when no server serves its language, when the request cannot reach one (the
   * connection is down: Monaco would report the rejection as an uncaught error on every key) and when the server
   * cancels it (isQuietLspFailure). Cancelling the token cancels it.
   */
  async request<T>(model: monaco.editor.ITextModel, method: string, params: unknown, token?: monaco.CancellationToken): Promise<T | undefined> {
    const language = this.languageOf(model);
    if (!language) return undefined;
    const id = `bp-${++nextRequestId}`;
    const cancel = token?.onCancellationRequested(() => this.notify(language, '$/cancelRequest', { id }));
    try {
      return (await this.channel.request(language.id, method, params, id)) as T;
    } catch (error) {
      if (isQuietLspFailure(error)) return undefined;
      throw error;
    } finally {
      cancel?.dispose();
    }
  }

  /** The server's capabilities (its InitializeResult, cached by the bridge: every client gets the same). */
  capabilitiesOf(language: Language): Promise<ServerCapabilities> {
    const serverId = this.serverOf(language);
    let known = this.capabilities.get(serverId);
    if (!known) {
      known = this.channel
        .request(language.id, 'initialize', { processId: null, rootUri: null, capabilities: {} })
        .then((result) => ((result as { capabilities?: ServerCapabilities } | null)?.capabilities ?? {}));
      known.catch(() => this.capabilities.delete(serverId));
      this.capabilities.set(serverId, known);
    }
    return known;
  }
}
