import {
  InitStatusReport,
  MICRO_VM_STARTED_TEXT,
  PREPARING_MICRO_VM_TEXT,
  START_UP_PREPARING,
  StartUpEvent,
  StartUpProgress,
  startUpMessage,
  startUpNextPercentage,
  startUpPercentage,
  startUpTitle,
  startUpTransition,
} from '../../../../src/domain/container/start-up-progress';

const status = (message: string, progress: number, extra: Partial<InitStatusReport> = {}): InitStatusReport => ({
  message,
  isError: false,
  progress,
  nextProgress: progress,
  ...extra,
});
const run = (events: StartUpEvent[], from: StartUpProgress = START_UP_PREPARING) => events.reduce(startUpTransition, from);
const init = (s: InitStatusReport): StartUpEvent => ({ type: 'init-status', status: s });

describe('micro VM start-up progress', () => {
  it('shows the spec messages of the connection phase: preparing at 0, MicroVM started at 55', () => {
    expect(startUpMessage(START_UP_PREPARING)).toBe('Preparing MicroVM...');
    expect(startUpPercentage(START_UP_PREPARING)).toBe(0);
    const started = run([{ type: 'vm-started' }]);
    expect(startUpMessage(started)).toBe('MicroVM started, connecting...');
    expect(startUpPercentage(started)).toBe(55);
    expect([PREPARING_MICRO_VM_TEXT, MICRO_VM_STARTED_TEXT]).toEqual(['Preparing MicroVM...', 'MicroVM started, connecting...']);
  });

  it('maps the workspace\'s own start-up onto 60-100% with its message', () => {
    const installing = run([{ type: 'vm-started' }, init(status('Installing Dev Container...', 50, { nextProgress: 75 }))]);
    expect(startUpMessage(installing)).toBe('Installing Dev Container...');
    expect(startUpPercentage(installing)).toBe(80);
    expect(startUpNextPercentage(installing)).toBe(90);
    expect(startUpPercentage(run([{ type: 'vm-started' }, init(status('Ensuring that Dev Container is ready...', 0))]))).toBe(60);
  });

  it('is started by the join (the workspace answers it once ready), at 100% and without a message', () => {
    const joined = run([{ type: 'vm-started' }, init(status('Starting VSCode server...', 50)), { type: 'joined' }]);
    expect(joined).toEqual({ kind: 'STARTED' });
    expect(startUpPercentage(joined)).toBe(100);
    expect(startUpNextPercentage(joined)).toBe(100);
    expect(startUpMessage(joined)).toBeUndefined();
    expect(run([init(status('Installing VSCode server...', 40))], joined)).toEqual({ kind: 'STARTED' });
  });

  it('shows a failed step with its message and output, before or after the join', () => {
    const failed = run([{ type: 'vm-started' }, init(status('Dev container installation failed', 20, { isError: true, stdout: 'npm ERR!' }))]);
    expect(failed).toMatchObject({ kind: 'FAILED', status: { stdout: 'npm ERR!' }, afterStart: false });
    expect(startUpTitle(failed)).toBe('The workspace could not start');
    expect(startUpMessage(failed)).toBe('Dev container installation failed');
    expect(startUpPercentage(failed)).toBe(68);
    expect(run([{ type: 'joined' }], failed)).toEqual({ kind: 'STARTED' });
    const later = run([{ type: 'joined' }, init(status('Waiting for port timed out', 90, { isError: true }))], failed);
    expect(later).toMatchObject({ kind: 'FAILED', afterStart: true });
    expect(startUpTitle(later)).toBe('A workspace step failed');
    // A second failure after the start is still after the start; a new connect starts over.
    expect(run([init(status('Installing Dev Container...', 30, { isError: true }))], later)).toMatchObject({ kind: 'FAILED', afterStart: true });
    expect(startUpTitle(run([{ type: 'vm-started' }], later))).toBe('Starting the workspace');
  });

  it('begins a new start-up on every connect', () => {
    expect(run([{ type: 'vm-started' }, { type: 'joined' }, { type: 'vm-started' }])).toEqual({ kind: 'CONNECTING' });
  });

  it('never leaves 0..100', () => {
    for (const progress of [-20, 0, 33, 100, 250, Number.NaN]) {
      const value = startUpPercentage(run([{ type: 'vm-started' }, init(status('x', progress))]));
      expect(value).toBeGreaterThanOrEqual(60);
      expect(value).toBeLessThanOrEqual(100);
    }
  });
});
