import { Result, err, ok } from '../../../../base/result';
import { OpenedDocument } from '../../../../domain/language/shared-documents';
import { ContentChange, isContentChange } from '../../../../domain/language/text-document-changes';

/** Checks of the document notifications the bridge keeps track of (the server would drop malformed ones silently). */
type Checked<T> = Result<T, string>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFileUri = (value: unknown): value is string => typeof value === 'string' && value.startsWith('file:///') && value.length <= 4096;

export function parseDidOpen(params: unknown): Checked<OpenedDocument> {
  const doc = isRecord(params) ? params.textDocument : undefined;
  if (!isRecord(doc) || !isFileUri(doc.uri) || typeof doc.languageId !== 'string' || !Number.isSafeInteger(doc.version) || typeof doc.text !== 'string') {
    return err('params.textDocument must have a file:/// uri, a languageId, an integer version and a text');
  }
  return ok({ uri: doc.uri, languageId: doc.languageId, version: doc.version as number, text: doc.text });
}

export function parseDidChange(params: unknown): Checked<{ uri: string; version: number; contentChanges: ContentChange[] }> {
  const doc = isRecord(params) ? params.textDocument : undefined;
  if (!isRecord(doc) || !isFileUri(doc.uri) || !Number.isSafeInteger(doc.version)) {
    return err('params.textDocument must have a file:/// uri and an integer version');
  }
  const changes = (params as Record<string, unknown>).contentChanges;
  if (!Array.isArray(changes) || !changes.every(isContentChange)) {
    return err('params.contentChanges must be a list of {text, range?}');
  }
  return ok({ uri: doc.uri, version: doc.version as number, contentChanges: changes });
}

export function parseDidClose(params: unknown): Checked<string> {
  const uri = uriOf(params);
  return uri === undefined ? err('params.textDocument must have a file:/// uri') : ok(uri);
}

/** The document an LSP message is about: params.textDocument.uri, else params.uri. */
export function uriOf(params: unknown): string | undefined {
  if (!isRecord(params)) return undefined;
  const uri = isRecord(params.textDocument) ? params.textDocument.uri : params.uri;
  return isFileUri(uri) ? uri : undefined;
}
