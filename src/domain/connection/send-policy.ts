import { type Result, err, ok } from '../../base/result';
import type { ConnectionMachine } from './connection-machine';
import { type ConnectionError, connectionErrors } from './connection.errors';

/** What to do with a request: put it on the wire now, or hold it until the next join ("queued for reconnect"). */
export type SendDecision = 'send' | 'queue';

export interface OutgoingRequest {
  /** client/join goes out on every new socket whatever the state. */
  readonly isJoin: boolean;
  /** A request whose effect is the same whenever it arrives (a read): it may wait for the next join. */
  readonly replaySafe: boolean;
}

/**
 * Spec 002 §4: "Sending while not connected fails with 'Not able to send message in state X', except the join
 * request"; "Once an instance change is required, sends throw 'Instance change required'"; while switching
 * instance, socket writing is paused (everything waits for the new instance's join).
 */
export function sendDecision(machine: ConnectionMachine, request: OutgoingRequest): Result<SendDecision, ConnectionError> {
  if (request.isJoin) return ok('send');
  if (machine.instance.kind === 'CHANGE_REQUIRED') return err(connectionErrors.instanceChangeRequired());
  if (machine.instance.kind === 'SWITCHING') return ok('queue');
  if (machine.state.kind === 'CONNECTED') return ok('send');
  return request.replaySafe ? ok('queue') : err(connectionErrors.notConnected(machine.state.kind));
}
