import { unwrap } from '../../../../src/base/result';
import { ConnectionEvent, ConnectionMachine, initialConnectionMachine, sendDecision, transition } from '../../../../src/domain/connection';

const after = (events: ConnectionEvent[]): ConnectionMachine =>
  events.reduce((m, e) => unwrap(transition(m, e)).machine, initialConnectionMachine());
const connected = [{ type: 'connect' }, { type: 'joined', gitStatusPermitted: true }] as ConnectionEvent[];
const edit = { isJoin: false, replaySafe: false };
const read = { isJoin: false, replaySafe: true };
const join = { isJoin: true, replaySafe: false };

describe('sendDecision', () => {
  it('sends everything while connected', () => {
    expect(sendDecision(after(connected), edit)).toEqual({ ok: true, value: 'send' });
  });

  it('fails a non-replayable send while not connected with the state in the text, and queues reads', () => {
    const reconnecting = after([...connected, { type: 'closed', reason: 'x', wasClean: false }]);
    expect(sendDecision(reconnecting, edit)).toEqual({ ok: false, error: { kind: 'not-connected', message: 'Not able to send message in state RECONNECTING' } });
    expect(sendDecision(reconnecting, read)).toEqual({ ok: true, value: 'queue' });
    expect(sendDecision(after([{ type: 'connect' }]), edit)).toMatchObject({ error: { message: 'Not able to send message in state CONNECTING' } });
    expect(sendDecision(after([...connected, { type: 'hibernate' }]), edit)).toMatchObject({ error: { message: 'Not able to send message in state HIBERNATED' } });
  });

  it('always lets the join through', () => {
    expect(sendDecision(after([{ type: 'connect' }]), join)).toEqual({ ok: true, value: 'send' });
    expect(sendDecision(after([...connected, { type: 'instance-change-required' }]), join)).toEqual({ ok: true, value: 'send' });
  });

  it('throws "Instance change required" once an instance change is required', () => {
    const required = after([...connected, { type: 'instance-change-required' }]);
    expect(sendDecision(required, read)).toEqual({ ok: false, error: { kind: 'instance-change-required', message: 'Instance change required' } });
  });

  it('holds every send while switching instance (socket writing is paused)', () => {
    const switching = after([...connected, { type: 'change-instance' }]);
    expect(sendDecision(switching, edit)).toEqual({ ok: true, value: 'queue' });
  });
});
