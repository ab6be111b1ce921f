/**
 * Start-up progress (spec 002 §9): "The connection phase takes the first 60% of progress; the rest is mapped onto
 * 60-100%. MicroVM started shows 55." Progress values are percentages 0..100.
 */
export const CONNECTION_PHASE_SHARE = 60;
export const MICRO_VM_STARTED_PROGRESS = 55;

const clamp = (value: number, min: number, max: number): number => (Number.isNaN(value) ? min : Math.min(max, Math.max(min, value)));

/** Progress while connecting: `fraction` (0..1) of the connection phase done → 0..60. */
export const connectionPhaseProgress = (fraction: number): number => clamp(fraction, 0, 1) * CONNECTION_PHASE_SHARE;

/** Progress of the workspace's own start-up (system/initStatus progress, 0..100) → 60..100. */
export const initPhaseProgress = (serverProgress: number): number =>
  CONNECTION_PHASE_SHARE + (clamp(serverProgress, 0, 100) * (100 - CONNECTION_PHASE_SHARE)) / 100;
