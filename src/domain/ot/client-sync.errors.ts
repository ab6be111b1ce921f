import { type DomainError, domainError } from '../../base/result';

/** Protocol anomalies the client state machine reports instead of throwing. */
export type ClientSyncErrorKind = 'unexpected-ack';

export type ClientSyncError = DomainError<ClientSyncErrorKind>;

export const clientSyncErrors = {
  unexpectedAck: (revision: number): ClientSyncError =>
    domainError('unexpected-ack', `Received an acknowledgement with no operation awaiting confirmation (client revision ${revision})`),
} as const;
