import { LANGUAGES, findLanguage, languagesOfServer } from '../../../../domain/language/language-catalog';
import { isClientNotification } from '../../../../domain/language/lsp-methods';
import { UriMapping, uriMapping } from '../../../../domain/language/uri-mapping';
import { LanguageListResult, LspRequestParams, LspServerResponseParams, PitcherErrorCode } from '../../../../protocol';
import { LanguageServers } from '../../ports/language-servers.port';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { BridgedServer } from './bridged-server';
import { LanguageErrors } from './language.errors';
import { LANGUAGE_LIMITS, LANGUAGE_TIMING, LanguageLimits, LanguageTiming } from './language-timing';

/** LSP methods that may change files by themselves (not only compute edits): they need language.lspWrite. */
const WRITING_METHODS: ReadonlySet<string> = new Set(['workspace/executeCommand']);

/**
 * One workspace's language/* (spec 002 §7): the language catalog, and its language servers bridged over LSP, one
 * process per server id shared by all clients (BridgedServer). Without installed servers (none bound), every
 * language is listed without one.
 */
export class LanguageService {
  private readonly servers = new Map<string, BridgedServer>();
  private readonly uris: UriMapping;
  private nextServerRequestId = 1;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly installed?: LanguageServers,
    private readonly timing: LanguageTiming = LANGUAGE_TIMING,
    private readonly limits: LanguageLimits = LANGUAGE_LIMITS,
  ) {
    this.uris = uriMapping(ctx.box.rootDir);
  }

  list(): LanguageListResult {
    return {
      languages: LANGUAGES.map((language) => {
        const languageServerIds = language.serverIds.filter((id) => this.installed?.launch(id) !== undefined);
        return {
          id: language.id,
          extensions: [...language.extensions],
          globs: [...language.globs],
          hasLanguageServer: languageServerIds.length > 0,
          languageServerIds,
        };
      }),
    };
  }

  /** language/lspRequest: an LSP request (its result) or notification (null at once). */
  request(session: ClientSession, params: LspRequestParams): HandlerResult<unknown> | Promise<HandlerResult<unknown>> {
    const server = this.server(params.languageId, params.serverId);
    if (!server.ok) return server;
    const { method, params: lspParams, id } = params.message;
    if (WRITING_METHODS.has(method) && session.permissions.language?.lspWrite !== true) {
      return fail(PitcherErrorCode.NO_ACCESS, LanguageErrors.noAccess(method));
    }
    if (isClientNotification(method)) return server.value.notify(session, params.languageId, method, lspParams);
    return server.value.request(session, params.languageId, method, lspParams, id);
  }

  /** language/lspServerResponse: a client answers a request a server made. */
  serverResponse(session: ClientSession, params: LspServerResponseParams): HandlerResult<null> {
    const server = this.server(params.languageId, params.serverId);
    if (!server.ok) return server;
    return server.value.serverResponse(session, params.message.id, params.message);
  }

  /** A client left the workspace: its open documents close on every server. */
  clientLeft(session: ClientSession): void {
    for (const server of this.servers.values()) server.clientLeft(session.clientId);
  }

  dispose(): void {
    for (const server of this.servers.values()) server.dispose();
    this.servers.clear();
  }

  private server(languageId: string, serverId: string): HandlerResult<BridgedServer> {
    const language = findLanguage(languageId);
    if (!language) return fail(PitcherErrorCode.INVALID_ID, LanguageErrors.unknownLanguage(languageId));
    if (!(language.serverIds as readonly string[]).includes(serverId)) {
      return fail(PitcherErrorCode.FEATURE_UNAVAILABLE, LanguageErrors.noSuchServer(languageId, serverId));
    }
    let server = this.servers.get(serverId);
    if (!server) {
      const launch = this.installed?.launch(serverId);
      if (!launch) return fail(PitcherErrorCode.FEATURE_UNAVAILABLE, LanguageErrors.notInstalled(serverId));
      server = new BridgedServer({
        serverId,
        defaultLanguageId: languagesOfServer(serverId)[0]?.id ?? languageId,
        launch,
        ctx: this.ctx,
        uris: this.uris,
        timing: this.timing,
        limits: this.limits,
        nextServerRequestId: () => this.nextServerRequestId++,
      });
      this.servers.set(serverId, server);
    }
    return done(server);
  }
}
