import { unwrap } from '../../../../src/base/result';
import {
  ConnectionEvent,
  ConnectionMachine,
  RECONNECT_POLICY,
  RESYNC_ORDER_AFTER_INSTANCE_CHANGE,
  RESYNC_ORDER_AFTER_RECONNECT,
  initialConnectionMachine,
  transition,
} from '../../../../src/domain/connection';

/** Runs events from a fresh machine; every transition must succeed. */
function run(events: ConnectionEvent[], from: ConnectionMachine = initialConnectionMachine()) {
  let machine = from;
  const effects: string[][] = [];
  for (const event of events) {
    const next = unwrap(transition(machine, event));
    machine = next.machine;
    effects.push(next.effects.map((e) => e.kind));
  }
  return { machine, effects, last: effects[effects.length - 1] ?? [] };
}

const closed = (reason = 'network', code = 1006): ConnectionEvent => ({ type: 'closed', reason, code, wasClean: false });
const joined: ConnectionEvent = { type: 'joined', gitStatusPermitted: true };
const connected = () => run([{ type: 'connect' }, joined]).machine;

describe('connection machine: connecting and joining', () => {
  it('starts CONNECTING and arms the initial-connection deadline on connect', () => {
    const result = unwrap(transition(initialConnectionMachine(), { type: 'connect' }));
    expect(result.machine.state).toEqual({ kind: 'CONNECTING' });
    expect(result.effects).toEqual([{ kind: 'arm-deadline', policy: expect.objectContaining({ timeoutMessage: 'Initial connection timed out', maxMs: 90_000 }) }]);
  });

  it('goes CONNECTED on the first join, flushes the queue and loads every family (cause initial)', () => {
    const result = unwrap(transition(run([{ type: 'connect' }]).machine, joined));
    expect(result.machine.state).toEqual({ kind: 'CONNECTED' });
    expect(result.effects).toEqual([
      { kind: 'clear-deadline' },
      { kind: 'flush-queue' },
      { kind: 'resync', cause: 'initial', families: RESYNC_ORDER_AFTER_RECONNECT },
    ]);
  });

  it('gives up the initial connection after 3 failed attempts with "Initial connection timed out"', () => {
    const { machine, effects } = run([{ type: 'connect' }, closed(), closed(), closed()]);
    expect(effects[1]).toEqual([]);
    expect(effects[2]).toEqual([]);
    expect(machine.state).toEqual({ kind: 'DISCONNECTED', reason: 'Initial connection timed out', wasClean: false });
    expect(effects[3]).toEqual(['clear-deadline']);
  });

  it('gives up the initial connection when its deadline passes', () => {
    const { machine } = run([{ type: 'connect' }, { type: 'deadline-passed' }]);
    expect(machine.state).toMatchObject({ kind: 'DISCONNECTED', reason: 'Initial connection timed out' });
  });
});

describe('connection machine: losing the connection', () => {
  it('reconnects automatically when the connection drops while focused and connected', () => {
    const result = unwrap(transition(connected(), closed()));
    expect(result.machine.state).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(result.effects).toEqual([{ kind: 'arm-deadline', policy: RECONNECT_POLICY }]);
  });

  it('goes DISCONNECTED and stops the transport when the connection drops while not focused', () => {
    const blurred = unwrap(transition(connected(), { type: 'focus-changed', focused: false })).machine;
    const result = unwrap(transition(blurred, { type: 'closed', reason: 'going away', code: 1001, wasClean: true }));
    expect(result.machine.state).toEqual({ kind: 'DISCONNECTED', reason: 'going away', wasClean: true, code: 1001 });
    expect(result.effects.map((e) => e.kind)).toEqual(['stop-transport']);
  });

  it('marks wasNotFound when the reason contains "not found" and stops retrying even while focused', () => {
    const result = unwrap(transition(connected(), closed('Sandbox not found', 4004)));
    expect(result.machine.state).toEqual({ kind: 'DISCONNECTED', reason: 'Sandbox not found', wasClean: false, code: 4004, wasNotFound: true });
    expect(result.effects.map((e) => e.kind)).toEqual(['clear-deadline', 'stop-transport']);
  });

  it('counts reconnect attempts and gives up after 3 failed ones with "Reconnect timed out", leaving the transport retrying', () => {
    // the first close is the lost connection; the next three are failed attempts
    const { machine, effects } = run([closed(), closed(), closed(), closed()], connected());
    expect(run([closed(), closed()], connected()).machine.state).toEqual({ kind: 'RECONNECTING', attempt: 2 });
    expect(run([closed(), closed(), closed()], connected()).machine.state).toEqual({ kind: 'RECONNECTING', attempt: 3 });
    expect(effects.slice(0, 3)).toEqual([['arm-deadline'], [], []]);
    expect(machine.state).toEqual({ kind: 'DISCONNECTED', reason: 'Reconnect timed out', wasClean: false });
    expect(effects[3]).toEqual(['clear-deadline']);
  });

  it('gives up a reconnect when the 10 s deadline passes', () => {
    const { machine } = run([closed(), { type: 'deadline-passed' }], connected());
    expect(machine.state).toMatchObject({ kind: 'DISCONNECTED', reason: 'Reconnect timed out' });
  });

  it('resyncs every family in the spec order after a reconnect join', () => {
    const result = unwrap(transition(run([closed()], connected()).machine, joined));
    expect(result.machine.state).toEqual({ kind: 'CONNECTED' });
    expect(result.effects).toEqual([
      { kind: 'clear-deadline' },
      { kind: 'flush-queue' },
      { kind: 'resync', cause: 'reconnect', families: RESYNC_ORDER_AFTER_RECONNECT },
    ]);
  });

  it('leaves git out of the resync without permissions.git.status', () => {
    const result = unwrap(transition(run([closed()], connected()).machine, { type: 'joined', gitStatusPermitted: false }));
    const resync = result.effects.find((e) => e.kind === 'resync');
    expect(resync).toMatchObject({ families: RESYNC_ORDER_AFTER_RECONNECT.filter((f) => f !== 'git') });
  });

  it('resyncs after a join reached in the background once it gave up', () => {
    const gaveUp = run([closed(), closed(), closed(), closed()], connected()).machine;
    expect(gaveUp.state.kind).toBe('DISCONNECTED');
    const still = unwrap(transition(gaveUp, closed()));
    expect(still.machine).toEqual(gaveUp);
    expect(still.effects).toEqual([]);
    const result = unwrap(transition(gaveUp, joined));
    expect(result.effects.map((e) => e.kind)).toContain('resync');
  });
});

describe('connection machine: focus, manual reconnect, hibernation and manual disconnect', () => {
  it('reconnects when focus comes back while DISCONNECTED', () => {
    const blurred = run([{ type: 'focus-changed', focused: false }, closed()], connected()).machine;
    expect(blurred.state.kind).toBe('DISCONNECTED');
    const result = unwrap(transition(blurred, { type: 'focus-changed', focused: true }));
    expect(result.machine.state).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(result.effects.map((e) => e.kind)).toEqual(['reconnect-now', 'arm-deadline']);
  });

  it('goes HIBERNATED and stops the transport on a hibernate notification; focus then reconnects', () => {
    const hibernated = unwrap(transition(connected(), { type: 'hibernate' }));
    expect(hibernated.machine.state).toEqual({ kind: 'HIBERNATED' });
    expect(hibernated.effects).toContainEqual({ kind: 'stop-transport', code: 1000, reason: 'Hibernated' });
    const blurred = unwrap(transition(hibernated.machine, { type: 'focus-changed', focused: false })).machine;
    const refocused = unwrap(transition(blurred, { type: 'focus-changed', focused: true }));
    expect(refocused.machine.state).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(refocused.effects[0]).toEqual({ kind: 'reconnect-now' });
  });

  it('does not reconnect when focus was never lost, and pings on refocus while connected', () => {
    expect(unwrap(transition(connected(), { type: 'focus-changed', focused: true })).effects).toEqual([]);
    const blurred = unwrap(transition(connected(), { type: 'focus-changed', focused: false })).machine;
    expect(unwrap(transition(blurred, { type: 'focus-changed', focused: true })).effects).toEqual([{ kind: 'focus-ping' }]);
  });

  it('refuses a reconnect while reconnecting with "Already reconnecting"', () => {
    const reconnecting = run([closed()], connected()).machine;
    expect(transition(reconnecting, { type: 'reconnect' })).toEqual({ ok: false, error: { kind: 'already-reconnecting', message: 'Already reconnecting' } });
  });

  it('starts a reconnect cycle on request while disconnected', () => {
    const manual = run([{ type: 'disconnect' }], connected()).machine;
    const result = unwrap(transition(manual, { type: 'reconnect' }));
    expect(result.machine.state).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(result.effects.map((e) => e.kind)).toEqual(['reconnect-now', 'arm-deadline']);
  });

  it('drops the live connection on a reconnect request while connected; its close starts the cycle', () => {
    const result = unwrap(transition(connected(), { type: 'reconnect' }));
    expect(result.machine.state).toEqual({ kind: 'CONNECTED' });
    expect(result.effects).toEqual([{ kind: 'reconnect-now' }]);
    expect(unwrap(transition(result.machine, closed())).machine.state).toEqual({ kind: 'RECONNECTING', attempt: 1 });
  });

  it('gives DISCONNECTED with "Manual disconnect" on a manual disconnect and fails the queue', () => {
    const result = unwrap(transition(connected(), { type: 'disconnect' }));
    expect(result.machine.state).toEqual({ kind: 'DISCONNECTED', reason: 'Manual disconnect', wasClean: true });
    expect(result.effects).toEqual([
      { kind: 'clear-deadline' },
      { kind: 'stop-transport', code: 1000, reason: 'Manual disconnect' },
      { kind: 'fail-queue', reason: 'Manual disconnect' },
    ]);
  });
});

describe('connection machine: seamless instance switch', () => {
  it('refuses to change instance unless connected', () => {
    const reconnecting = run([closed()], connected()).machine;
    expect(transition(reconnecting, { type: 'change-instance' })).toEqual({
      ok: false,
      error: { kind: 'cannot-change-instance', message: 'You can not change instance when: RECONNECTING' },
    });
    const hibernated = run([{ type: 'hibernate' }], connected()).machine;
    expect(transition(hibernated, { type: 'change-instance' })).toMatchObject({ ok: false, error: { message: 'You can not change instance when: HIBERNATED' } });
  });

  it('switches while connected and resyncs in the seamless order on the new join', () => {
    const switching = unwrap(transition(connected(), { type: 'change-instance' }));
    expect(switching.machine.instance).toEqual({ kind: 'SWITCHING' });
    expect(switching.machine.state).toEqual({ kind: 'CONNECTED' });
    expect(switching.effects.map((e) => e.kind)).toEqual(['arm-deadline', 'open-new-instance']);
    const done = unwrap(transition(switching.machine, joined));
    expect(done.machine.instance).toEqual({ kind: 'CURRENT' });
    expect(done.effects).toContainEqual({ kind: 'resync', cause: 'instance-change', families: RESYNC_ORDER_AFTER_INSTANCE_CHANGE });
  });

  it('ends a switch whose new connection fails 3 times with "Seamless connection timed out"', () => {
    const switching = unwrap(transition(connected(), { type: 'change-instance' })).machine;
    const { machine } = run([closed(), closed()], switching);
    expect(machine.instance).toEqual({ kind: 'SWITCHING' });
    const failed = run([closed()], machine).machine;
    expect(failed.state).toEqual({ kind: 'DISCONNECTED', reason: 'Seamless connection timed out', wasClean: false });
    expect(failed.instance).toEqual({ kind: 'CURRENT' });
  });

  it('ends a switch at its deadline with "Seamless connection timed out"', () => {
    const switching = unwrap(transition(connected(), { type: 'change-instance' })).machine;
    expect(run([{ type: 'deadline-passed' }], switching).machine.state).toMatchObject({ reason: 'Seamless connection timed out' });
  });

  it('remembers that an instance change is required until the switch joins', () => {
    const required = run([{ type: 'instance-change-required' }], connected()).machine;
    expect(required.instance).toEqual({ kind: 'CHANGE_REQUIRED' });
    expect(run([closed(), joined], required).machine.instance).toEqual({ kind: 'CHANGE_REQUIRED' });
    expect(run([{ type: 'change-instance' }, joined], required).machine.instance).toEqual({ kind: 'CURRENT' });
  });
});
