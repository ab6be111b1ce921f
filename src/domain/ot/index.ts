export { TextOperation, type JsonTextOperation } from './text-operation';
export { otErrors, type OtError, type OtErrorKind } from './text-operation.errors';
export { transformIndex, transformSelection, type OffsetSelection } from './selection-transform';
export { ClientSync, type ClientSyncState, type OutgoingOperation, type SyncEffect } from './client-sync';
export { clientSyncErrors, type ClientSyncError, type ClientSyncErrorKind } from './client-sync.errors';
export { TextBuffer } from './text-buffer';
export { ServerDocument, type ServerDocumentOptions } from './server-document';
export { serverDocumentErrors, type ServerDocumentError, type ServerDocumentErrorKind } from './server-document.errors';
