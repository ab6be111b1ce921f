import { ContentChange, applyContentChanges } from './text-document-changes';

/**
 * The documents several clients keep open on one shared language server. Every client's editor reports every
 * change of its model, its own edits and the ones collaboration brought in alike, so forwarding all of them would
 * apply each edit once per client. Instead, one client owns each document (the first that opened it and still has
 * it open): only its didChange reaches the server. Each client's view of the text is tracked, so that when the
 * owner closes the document the next client takes over and the server is brought to that client's text with one
 * full-text change. The server sees one didOpen per document and one didClose when the last client closed it.
 * Versions sent to the server only ever grow.
 */
export interface OpenedDocument {
  uri: string;
  languageId: string;
  version: number;
  text: string;
}

export type DocumentAction =
  | { kind: 'open'; document: OpenedDocument }
  | { kind: 'change'; uri: string; version: number; contentChanges: ContentChange[] }
  | { kind: 'close'; uri: string };

interface Viewer {
  text: string;
  version: number;
}

interface SharedDocument {
  languageId: string;
  /** The last version the server was told. */
  serverVersion: number;
  /** By client id, in opening order: the first is the owner, whose text the server has. */
  viewers: Map<string, Viewer>;
}

export class SharedDocuments {
  private readonly documents = new Map<string, SharedDocument>();

  /** Documents open on the server. */
  get size(): number {
    return this.documents.size;
  }

  languageIdOf(uri: string): string | undefined {
    return this.documents.get(uri)?.languageId;
  }

  isOpenBy(clientId: string, uri: string): boolean {
    return this.documents.get(uri)?.viewers.has(clientId) ?? false;
  }

  ownerOf(uri: string): string | undefined {
    const viewers = this.documents.get(uri)?.viewers;
    return viewers ? viewers.keys().next().value : undefined;
  }

  /** The owner's text: what the server has. */
  textOf(uri: string): string | undefined {
    const owner = this.ownerOf(uri);
    return owner === undefined ? undefined : this.documents.get(uri)?.viewers.get(owner)?.text;
  }

  open(clientId: string, document: OpenedDocument): DocumentAction[] {
    const shared = this.documents.get(document.uri);
    if (!shared) {
      this.documents.set(document.uri, {
        languageId: document.languageId,
        serverVersion: document.version,
        viewers: new Map([[clientId, { text: document.text, version: document.version }]]),
      });
      return [{ kind: 'open', document }];
    }
    const viewer = shared.viewers.get(clientId);
    if (!viewer) {
      shared.viewers.set(clientId, { text: document.text, version: document.version });
      return [];
    }
    // The same client opened it again: its text is the newest it has.
    const before = viewer.text;
    viewer.text = document.text;
    viewer.version = document.version;
    if (this.ownerOf(document.uri) !== clientId || before === document.text) return [];
    return [fullChange(document.uri, shared, viewer)];
  }

  change(clientId: string, uri: string, version: number, contentChanges: ContentChange[]): DocumentAction[] {
    const shared = this.documents.get(uri);
    const viewer = shared?.viewers.get(clientId);
    if (!shared || !viewer) return [];
    viewer.text = applyContentChanges(viewer.text, contentChanges);
    viewer.version = version;
    if (this.ownerOf(uri) !== clientId) return [];
    return [{ kind: 'change', uri, version: bump(shared, version), contentChanges }];
  }

  close(clientId: string, uri: string): DocumentAction[] {
    const shared = this.documents.get(uri);
    const viewer = shared?.viewers.get(clientId);
    if (!shared || !viewer) return [];
    const wasOwner = this.ownerOf(uri) === clientId;
    shared.viewers.delete(clientId);
    if (shared.viewers.size === 0) {
      this.documents.delete(uri);
      return [{ kind: 'close', uri }];
    }
    if (!wasOwner) return [];
    const [, next] = shared.viewers.entries().next().value as [string, Viewer];
    return next.text === viewer.text ? [] : [fullChange(uri, shared, next)];
  }

  /** A client left: everything it had open is closed. */
  closeAll(clientId: string): DocumentAction[] {
    const uris = [...this.documents].filter(([, shared]) => shared.viewers.has(clientId)).map(([uri]) => uri);
    return uris.flatMap((uri) => this.close(clientId, uri));
  }

  /** A new server process knows nothing: every document is opened again with the owner's text. */
  reopenAll(): DocumentAction[] {
    return [...this.documents].map(([uri, shared]) => ({
      kind: 'open' as const,
      document: { uri, languageId: shared.languageId, version: shared.serverVersion, text: this.textOf(uri) ?? '' },
    }));
  }
}

function bump(shared: SharedDocument, clientVersion: number): number {
  shared.serverVersion = Math.max(shared.serverVersion + 1, clientVersion);
  return shared.serverVersion;
}

function fullChange(uri: string, shared: SharedDocument, viewer: Viewer): DocumentAction {
  return { kind: 'change', uri, version: bump(shared, viewer.version), contentChanges: [{ text: viewer.text }] };
}
