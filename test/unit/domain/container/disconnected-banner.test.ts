import { DISCONNECTED_TEXTS, disconnectedBanner } from '../../../../src/domain/container/disconnected-banner';

describe('disconnected banner', () => {
  it('shows nothing while ready, restarting or failed', () => {
    expect(disconnectedBanner({ kind: 'READY' })).toBeUndefined();
    expect(disconnectedBanner({ kind: 'RESTARTING' })).toBeUndefined();
    expect(disconnectedBanner({ kind: 'ERROR', message: 'boom' })).toBeUndefined();
  });

  it('shows the reconnect progress with the Reconnect button disabled while reconnecting', () => {
    expect(disconnectedBanner({ kind: 'RECONNECTING', attempt: 2 })).toEqual({
      variant: 'warning',
      message: DISCONNECTED_TEXTS.reconnecting,
      detail: 'Attempt 2 of 3',
      attempt: 2,
      attempts: 3,
      action: 'reconnect',
      actionEnabled: false,
    });
    expect(disconnectedBanner({ kind: 'RECONNECTING', attempt: 9 })?.attempt).toBe(3);
  });

  it('offers Reconnect once disconnected, and when retrying in the background', () => {
    const lost = disconnectedBanner({ kind: 'DISCONNECTED', wasClean: false, wasNotFound: false });
    expect(lost).toMatchObject({ variant: 'error', message: 'You are disconnected.', action: 'reconnect', actionEnabled: true });
    expect(disconnectedBanner({ kind: 'DISCONNECTED_RECONNECTING' })).toMatchObject({ message: DISCONNECTED_TEXTS.retrying, action: 'reconnect', actionEnabled: true });
    expect(disconnectedBanner({ kind: 'DISCONNECTED', wasClean: true, wasNotFound: false }, true)?.message).toBe(DISCONNECTED_TEXTS.hibernated);
  });

  it('offers a reload, not a reconnect, for a workspace that was not found', () => {
    expect(disconnectedBanner({ kind: 'DISCONNECTED', wasClean: true, wasNotFound: true })).toMatchObject({ message: DISCONNECTED_TEXTS.notFound, action: 'reload' });
  });
});
