import { PING_INTERVAL_MS, PONG_TIMEOUT_MS, disconnected, isLatePong, isPingDue, pongTimeout, workbenchLabel } from '../../../../src/domain/connection';

describe('connection states', () => {
  it('marks wasNotFound only when the reason contains "not found"', () => {
    expect(disconnected('Workspace not found', false, 4004)).toEqual({ kind: 'DISCONNECTED', reason: 'Workspace not found', wasClean: false, code: 4004, wasNotFound: true });
    expect(disconnected('Sandbox Not Found', false).wasNotFound).toBe(true);
    expect(disconnected('network', false).wasNotFound).toBeUndefined();
  });

  it('shows the workbench labels Connecting, Connected, Disconnected', () => {
    expect(workbenchLabel({ kind: 'CONNECTING' })).toBe('Connecting');
    expect(workbenchLabel({ kind: 'RECONNECTING', attempt: 2 })).toBe('Connecting');
    expect(workbenchLabel({ kind: 'CONNECTED' })).toBe('Connected');
    expect(workbenchLabel({ kind: 'HIBERNATED' })).toBe('Disconnected');
    expect(workbenchLabel(disconnected('x', true))).toBe('Disconnected');
  });
});

describe('keep-alive', () => {
  it('detects a missing pong within 15 s once joined, 20 s before', () => {
    expect(pongTimeout(true)).toBe(PONG_TIMEOUT_MS);
    expect(PONG_TIMEOUT_MS).toBe(15_000);
    expect(pongTimeout(false)).toBe(20_000);
    expect(PING_INTERVAL_MS).toBe(22_000);
  });

  it('pings after a silent interval unless a ping already waits for its pong', () => {
    expect(isPingDue(22_000, 0, false)).toBe(true);
    expect(isPingDue(21_999, 0, false)).toBe(false);
    expect(isPingDue(50_000, 0, true)).toBe(false);
  });

  it('tracks a reason mentioning pong as a late pong', () => {
    expect(isLatePong('Pong response not detected')).toBe(true);
    expect(isLatePong('network')).toBe(false);
  });
});
