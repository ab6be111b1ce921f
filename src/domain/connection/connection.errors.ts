import { type DomainError, domainError } from '../../base/result';
import type { ConnectionStateName } from './connection-state';

export type ConnectionErrorKind = 'already-reconnecting' | 'not-connected' | 'instance-change-required' | 'cannot-change-instance';

export type ConnectionError<K extends ConnectionErrorKind = ConnectionErrorKind> = DomainError<K>;

/** The reason of a disconnect the user asked for (spec 002 §4). */
export const MANUAL_DISCONNECT_REASON = 'Manual disconnect';

/** The exact user-facing texts of the connection context (spec 002 §4, §8), kept in one place. */
export const connectionErrors = {
  alreadyReconnecting: (): ConnectionError<'already-reconnecting'> => domainError('already-reconnecting', 'Already reconnecting'),
  notConnected: (state: ConnectionStateName): ConnectionError<'not-connected'> =>
    domainError('not-connected', `Not able to send message in state ${state}`),
  instanceChangeRequired: (): ConnectionError<'instance-change-required'> => domainError('instance-change-required', 'Instance change required'),
  cannotChangeInstance: (state: ConnectionStateName): ConnectionError<'cannot-change-instance'> =>
    domainError('cannot-change-instance', `You can not change instance when: ${state}`),
} as const;
