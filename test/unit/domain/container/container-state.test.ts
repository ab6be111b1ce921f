import { disconnected } from '../../../../src/domain/connection';
import {
  CONTAINER_READY,
  ContainerEvent,
  ContainerState,
  DISCONNECTED_UNLOAD_WARNING,
  containerEventOf,
  containerTransition,
  needsUnloadConfirmation,
} from '../../../../src/domain/container/container-state';

const apply = (events: ContainerEvent[], from: ContainerState = CONTAINER_READY) => events.reduce((s, e) => containerTransition(s, e).state, from);
const lost: ContainerEvent = { type: 'disconnected', wasClean: false, wasNotFound: false };

describe('micro VM container state', () => {
  it('goes from READY to DISCONNECTED, RECONNECTING or RESTARTING', () => {
    expect(apply([lost])).toEqual({ kind: 'DISCONNECTED', wasClean: false, wasNotFound: false });
    expect(apply([{ type: 'reconnect-attempt', attempt: 2 }])).toEqual({ kind: 'RECONNECTING', attempt: 2 });
    expect(containerTransition(CONTAINER_READY, { type: 'restart' })).toEqual({
      state: { kind: 'RESTARTING' },
      effects: [{ kind: 'disconnect' }, { kind: 'stop-environment' }],
    });
  });

  it('restarts from DISCONNECTED and ERROR, and returns to READY on a successful connection', () => {
    expect(apply([lost, { type: 'restart' }])).toEqual({ kind: 'RESTARTING' });
    expect(apply([{ type: 'error', message: 'boom' }, { type: 'restart' }])).toEqual({ kind: 'RESTARTING' });
    expect(apply([lost, { type: 'connected' }])).toEqual(CONTAINER_READY);
    expect(apply([{ type: 'reconnect-attempt', attempt: 1 }, { type: 'connected' }])).toEqual(CONTAINER_READY);
  });

  it('is DISCONNECTED_RECONNECTING when attempts go on after a disconnect', () => {
    expect(apply([lost, { type: 'reconnect-attempt', attempt: 1 }])).toEqual({ kind: 'DISCONNECTED_RECONNECTING' });
  });

  it('is DISCONNECTED_RECONNECTING when the connection gave up and keeps trying in the background', () => {
    for (const reason of ['Initial connection timed out', 'Reconnect timed out', 'Seamless connection timed out']) {
      const event = containerEventOf(disconnected(reason, false));
      expect(event).toEqual({ type: 'retrying-in-background' });
      expect(apply([{ type: 'reconnect-attempt', attempt: 3 }, event!])).toEqual({ kind: 'DISCONNECTED_RECONNECTING' });
      expect(needsUnloadConfirmation(apply([event!]))).toBe(true);
    }
    expect(apply([{ type: 'error', message: 'boom' }, { type: 'retrying-in-background' }])).toEqual({ kind: 'ERROR', message: 'boom' });
    // a manual disconnect stops retrying: plainly DISCONNECTED
    expect(containerEventOf(disconnected('Manual disconnect', true))).toEqual({ type: 'disconnected', wasClean: true, wasNotFound: false });
  });

  it('asks before unload only while disconnected, with the spec text', () => {
    expect(needsUnloadConfirmation(apply([lost]))).toBe(true);
    expect(needsUnloadConfirmation(CONTAINER_READY)).toBe(false);
    expect(DISCONNECTED_UNLOAD_WARNING).toBe('You are disconnected, are you sure you want to reload. You risk loosing changes');
  });

  it('derives its events from the connection states', () => {
    expect(containerEventOf({ kind: 'CONNECTED' })).toEqual({ type: 'connected' });
    expect(containerEventOf({ kind: 'RECONNECTING', attempt: 3 })).toEqual({ type: 'reconnect-attempt', attempt: 3 });
    expect(containerEventOf(disconnected('Sandbox not found', false))).toEqual({ type: 'disconnected', wasClean: false, wasNotFound: true });
    expect(containerEventOf({ kind: 'CONNECTING' })).toBeUndefined();
  });
});
