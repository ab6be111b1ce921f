import { assertNever } from '../../base/assert';
import { type Result, err, ok } from '../../base/result';
import { CONNECTED, CONNECTING, type ConnectionState, HIBERNATED, disconnected, isNotFoundReason, reconnecting } from './connection-state';
import { type ConnectionError, MANUAL_DISCONNECT_REASON, connectionErrors } from './connection.errors';
import { type ResyncCause, type ResyncFamily, resyncFamilies } from './resync-order';
import { type ConnectionPhase, RETRY_POLICIES, type RetryPolicy } from './retry-policy';

/**
 * Whether this client may keep using its instance (spec 002 §4 "Seamless instance switch"): CURRENT, CHANGE_REQUIRED
 * (sends throw 'Instance change required') or SWITCHING (socket writing is paused while the new instance joins).
 */
export type InstanceState = { readonly kind: 'CURRENT' } | { readonly kind: 'CHANGE_REQUIRED' } | { readonly kind: 'SWITCHING' };

/** Attempts of the retry phase in progress (initial connect, reconnect or seamless switch). */
export interface PhaseAttempts {
  readonly phase: ConnectionPhase;
  readonly failed: number;
}

export interface ConnectionMachine {
  readonly state: ConnectionState;
  /** Whether the window has focus: a disconnect while focused reconnects at once, otherwise on the next focus. */
  readonly focused: boolean;
  /** A join succeeded before on this client: the next join is a reconnect and resyncs everything. */
  readonly hasJoined: boolean;
  readonly instance: InstanceState;
  readonly attempts: PhaseAttempts | undefined;
}

export type ConnectionEvent =
  | { readonly type: 'connect' }
  | { readonly type: 'joined'; readonly gitStatusPermitted: boolean }
  | { readonly type: 'closed'; readonly reason: string; readonly wasClean: boolean; readonly code?: number }
  | { readonly type: 'focus-changed'; readonly focused: boolean }
  | { readonly type: 'reconnect' }
  | { readonly type: 'hibernate' }
  | { readonly type: 'disconnect' }
  | { readonly type: 'deadline-passed' }
  | { readonly type: 'instance-change-required' }
  | { readonly type: 'change-instance' };

/**
 * What the transport must do after a transition. A transport retries on its own after a close (with the delays of
 * the policy) until told `stop-transport`; `reconnect-now` starts a new attempt at once, even after a stop.
 */
export type ConnectionEffect =
  | { readonly kind: 'reconnect-now' }
  | { readonly kind: 'stop-transport'; readonly code: number; readonly reason: string }
  | { readonly kind: 'arm-deadline'; readonly policy: RetryPolicy }
  | { readonly kind: 'clear-deadline' }
  | { readonly kind: 'flush-queue' }
  | { readonly kind: 'fail-queue'; readonly reason: string }
  | { readonly kind: 'resync'; readonly cause: ResyncCause; readonly families: readonly ResyncFamily[] }
  | { readonly kind: 'focus-ping' }
  | { readonly kind: 'open-new-instance' };

export interface ConnectionTransition {
  readonly machine: ConnectionMachine;
  readonly effects: readonly ConnectionEffect[];
}

/** The close code used when the client ends the connection itself. */
export const NORMAL_CLOSURE = 1000;
/** The reason given to the transport when a hibernate notification closes the connection. */
export const HIBERNATED_REASON = 'Hibernated';

export const initialConnectionMachine = (focused = true): ConnectionMachine => ({
  state: CONNECTING,
  focused,
  hasJoined: false,
  instance: { kind: 'CURRENT' },
  attempts: undefined,
});

const to = (machine: ConnectionMachine, effects: readonly ConnectionEffect[] = []): Result<ConnectionTransition, ConnectionError> =>
  ok({ machine, effects });

const reconnectCycle = (machine: ConnectionMachine, effects: readonly ConnectionEffect[]): Result<ConnectionTransition, ConnectionError> =>
  to({ ...machine, state: reconnecting(1), attempts: { phase: 'reconnect', failed: 0 } }, [...effects, { kind: 'arm-deadline', policy: RETRY_POLICIES.reconnect }]);

/**
 * The connection rules of spec 002 §4 as a reducer: the state after `event`, and the effects the transport must
 * carry out. Refused requests ('Already reconnecting', 'You can not change instance when: X') are error results.
 *
 * Giving up: a phase (see retry-policy.ts) that runs out of attempts or time ends in DISCONNECTED with the policy's
 * time-out text. The transport then keeps trying in the background (spec 001 §4 DISCONNECTED_RECONNECTING), except
 * when the workspace was not found, hibernated, or the user disconnected: those stop it. A join reached in the
 * background is a reconnect like any other.
 */
export function transition(machine: ConnectionMachine, event: ConnectionEvent): Result<ConnectionTransition, ConnectionError> {
  const { state } = machine;
  switch (event.type) {
    case 'connect':
      return to({ ...initialConnectionMachine(machine.focused), attempts: { phase: 'initial', failed: 0 } }, [
        { kind: 'arm-deadline', policy: RETRY_POLICIES.initial },
      ]);

    case 'joined': {
      const cause: ResyncCause = machine.instance.kind === 'SWITCHING' ? 'instance-change' : machine.hasJoined ? 'reconnect' : 'initial';
      const instance = machine.instance.kind === 'SWITCHING' ? ({ kind: 'CURRENT' } as const) : machine.instance;
      return to({ ...machine, state: CONNECTED, hasJoined: true, instance, attempts: undefined }, [
        { kind: 'clear-deadline' },
        { kind: 'flush-queue' },
        { kind: 'resync', cause, families: resyncFamilies(cause, { gitStatus: event.gitStatusPermitted }) },
      ]);
    }

    case 'closed':
      return closed(machine, event);

    case 'focus-changed': {
      const next = { ...machine, focused: event.focused };
      if (!event.focused || machine.focused) return to(next);
      if (state.kind === 'DISCONNECTED' || state.kind === 'HIBERNATED') return reconnectCycle(next, [{ kind: 'reconnect-now' }]);
      if (state.kind === 'CONNECTED') return to(next, [{ kind: 'focus-ping' }]);
      return to(next);
    }

    case 'reconnect':
      if (state.kind === 'RECONNECTING' || state.kind === 'CONNECTING' || machine.instance.kind === 'SWITCHING') return err(connectionErrors.alreadyReconnecting());
      // While connected the transport drops the live connection first; its close starts the reconnect cycle.
      if (state.kind === 'CONNECTED') return to(machine, [{ kind: 'reconnect-now' }]);
      return reconnectCycle(machine, [{ kind: 'reconnect-now' }]);

    case 'hibernate':
      return to({ ...machine, state: HIBERNATED, attempts: undefined, instance: leaveSwitch(machine) }, [
        { kind: 'clear-deadline' },
        { kind: 'stop-transport', code: NORMAL_CLOSURE, reason: HIBERNATED_REASON },
      ]);

    case 'disconnect':
      return to({ ...machine, state: disconnected(MANUAL_DISCONNECT_REASON, true), attempts: undefined, instance: leaveSwitch(machine) }, [
        { kind: 'clear-deadline' },
        { kind: 'stop-transport', code: NORMAL_CLOSURE, reason: MANUAL_DISCONNECT_REASON },
        { kind: 'fail-queue', reason: MANUAL_DISCONNECT_REASON },
      ]);

    case 'deadline-passed':
      return machine.attempts ? giveUp(machine, RETRY_POLICIES[machine.attempts.phase]) : to(machine);

    case 'instance-change-required':
      return machine.instance.kind === 'SWITCHING' ? to(machine) : to({ ...machine, instance: { kind: 'CHANGE_REQUIRED' } });

    case 'change-instance':
      if (state.kind !== 'CONNECTED' || machine.instance.kind === 'SWITCHING') return err(connectionErrors.cannotChangeInstance(state.kind));
      return to({ ...machine, instance: { kind: 'SWITCHING' }, attempts: { phase: 'seamless', failed: 0 } }, [
        { kind: 'arm-deadline', policy: RETRY_POLICIES.seamless },
        { kind: 'open-new-instance' },
      ]);

    default:
      return assertNever(event);
  }
}

const leaveSwitch = (machine: ConnectionMachine): InstanceState => (machine.instance.kind === 'SWITCHING' ? { kind: 'CURRENT' } : machine.instance);

function giveUp(machine: ConnectionMachine, policy: RetryPolicy): Result<ConnectionTransition, ConnectionError> {
  return to({ ...machine, state: disconnected(policy.timeoutMessage, false), attempts: undefined, instance: leaveSwitch(machine) }, [{ kind: 'clear-deadline' }]);
}

function closed(machine: ConnectionMachine, event: Extract<ConnectionEvent, { type: 'closed' }>): Result<ConnectionTransition, ConnectionError> {
  const { state } = machine;
  const lost = disconnected(event.reason, event.wasClean, event.code);
  const stop: ConnectionEffect = { kind: 'stop-transport', code: NORMAL_CLOSURE, reason: event.reason };
  if (isNotFoundReason(event.reason) && !(state.kind === 'DISCONNECTED' && state.wasNotFound) && state.kind !== 'HIBERNATED') {
    return to({ ...machine, state: lost, attempts: undefined, instance: leaveSwitch(machine) }, [{ kind: 'clear-deadline' }, stop]);
  }
  if (state.kind === 'CONNECTED' && machine.instance.kind !== 'SWITCHING') {
    return machine.focused ? reconnectCycle(machine, []) : to({ ...machine, state: lost, attempts: undefined }, [stop]);
  }
  if (!machine.attempts) return to(machine); // a background attempt failed, or a stopped transport reported its close
  const failed = machine.attempts.failed + 1;
  const policy = RETRY_POLICIES[machine.attempts.phase];
  if (failed >= policy.attempts) return giveUp(machine, policy);
  const attempts = { ...machine.attempts, failed };
  return to({ ...machine, attempts, state: state.kind === 'RECONNECTING' ? reconnecting(failed + 1) : state });
}
