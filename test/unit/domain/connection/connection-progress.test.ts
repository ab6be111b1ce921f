import fc from 'fast-check';
import { MICRO_VM_STARTED_PROGRESS, connectionPhaseProgress, initPhaseProgress } from '../../../../src/domain/connection';

describe('start-up progress', () => {
  it('maps the connection phase onto 0-60% and the rest onto 60-100%', () => {
    expect(connectionPhaseProgress(0)).toBe(0);
    expect(connectionPhaseProgress(0.5)).toBe(30);
    expect(connectionPhaseProgress(1)).toBe(60);
    expect(initPhaseProgress(0)).toBe(60);
    expect(initPhaseProgress(50)).toBe(80);
    expect(initPhaseProgress(100)).toBe(100);
  });

  it('shows 55 when the micro VM started, inside the connection phase', () => {
    expect(MICRO_VM_STARTED_PROGRESS).toBe(55);
    expect(MICRO_VM_STARTED_PROGRESS).toBeLessThan(connectionPhaseProgress(1));
  });

  it('stays within bounds and never goes backwards', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(connectionPhaseProgress(lo)).toBeLessThanOrEqual(connectionPhaseProgress(hi));
        expect(initPhaseProgress(lo)).toBeLessThanOrEqual(initPhaseProgress(hi));
        expect(connectionPhaseProgress(a)).toBeGreaterThanOrEqual(0);
        expect(connectionPhaseProgress(a)).toBeLessThanOrEqual(60);
        expect(initPhaseProgress(a)).toBeGreaterThanOrEqual(60);
        expect(initPhaseProgress(a)).toBeLessThanOrEqual(100);
      }),
    );
  });
});
