import { Emitter } from '../../../../../../src/base/event';
import { SetupProgress, SetupStepDTO, SystemInitStatus } from '../../../../../../src/protocol';
import { ClientSession } from '../../../../../../src/server/application/workspace/client-session';
import { RepositoryStart } from '../../../../../../src/server/application/workspace/git/git-init';
import { STARTUP_OUTPUT_INTERVAL_MS, WorkspaceStartup } from '../../../../../../src/server/application/workspace/system/workspace-startup';
import { AtStartRun } from '../../../../../../src/server/application/workspace/task/task-service';

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** The sources of a start-up, driven by the test: git, the setup's progress, shells' output, the at-start tasks. */
class FakeSources {
  readonly published: SystemInitStatus[] = [];
  readonly setupEmitter = new Emitter<SetupProgress>();
  readonly atStartEmitter = new Emitter<AtStartRun>();
  readonly shells = new Map<string, { output: string; exitCode: number | undefined }>();
  progress: SetupProgress = { state: 'IDLE', steps: [], currentStepIndex: 0 };
  resolveGit!: (start: RepositoryStart) => void;
  readonly git = new Promise<RepositoryStart>((resolve) => (this.resolveGit = resolve));

  readonly sources = {
    git: this.git,
    setup: { progress: this.progress, onDidChangeProgress: this.setupEmitter.event },
    onDidRunAtStart: this.atStartEmitter.event,
    shellOutput: (shellId: string) => this.shells.get(shellId),
    publish: (status: SystemInitStatus) => this.published.push(status),
  };

  setup(state: SetupProgress['state'], steps: Array<Partial<SetupStepDTO> & { name: string }>, currentStepIndex: number): void {
    this.progress = { state, currentStepIndex, steps: steps.map((s) => ({ command: s.name, shellId: null, finishStatus: null, ...s })) };
    this.setupEmitter.fire(this.progress);
  }
}

const messages = (statuses: SystemInitStatus[]) => statuses.map((s) => s.message);

describe('WorkspaceStartup', () => {
  let fake: FakeSources;
  let startup: WorkspaceStartup;

  beforeEach(() => {
    jest.useFakeTimers();
    fake = new FakeSources();
    startup = new WorkspaceStartup(fake.sources);
  });
  afterEach(() => {
    startup.dispose();
    jest.useRealTimers();
  });

  it('reports git, each setup step with its output, the tasks that run at start, then ready at 100', async () => {
    startup.creatingRepository();
    fake.resolveGit({ kind: 'created' });
    await settle();
    fake.setup('IN_PROGRESS', [{ name: 'Install' }, { name: 'Build' }], 0);
    fake.shells.set('s1', { output: 'installing\r\n', exitCode: undefined });
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1' }, { name: 'Build' }], 0);
    jest.advanceTimersByTime(STARTUP_OUTPUT_INTERVAL_MS);
    fake.shells.set('s1', { output: 'installing\r\ninstalled\r\n', exitCode: 0 });
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1', finishStatus: 'SUCCEEDED' }, { name: 'Build' }], 1);
    fake.shells.set('s2', { output: 'built\r\n', exitCode: 0 });
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1', finishStatus: 'SUCCEEDED' }, { name: 'Build', shellId: 's2' }], 1);
    fake.setup('FINISHED', [{ name: 'Install', shellId: 's1', finishStatus: 'SUCCEEDED' }, { name: 'Build', shellId: 's2', finishStatus: 'SUCCEEDED' }], 1);
    let started!: () => void;
    fake.atStartEmitter.fire({ names: ['Web'], started: new Promise<void>((resolve) => (started = resolve)) });
    expect(startup.inProgress).toBe(true);
    started();
    await settle();

    expect(fake.published).toEqual([
      { message: 'Starting the workspace', progress: 0, nextProgress: 10 },
      { message: 'Creating the git repository', progress: 0, nextProgress: 10 },
      { message: 'Running setup task 1 of 2: Install', progress: 10, nextProgress: 50 },
      { message: 'Running setup task 1 of 2: Install', progress: 10, nextProgress: 50, stdout: 'installing\r\n' },
      { message: 'Setup task 1 of 2 finished: Install', progress: 50, nextProgress: 50, stdout: 'installing\r\ninstalled\r\n' },
      { message: 'Running setup task 2 of 2: Build', progress: 50, nextProgress: 90 },
      { message: 'Setup task 2 of 2 finished: Build', progress: 90, nextProgress: 90, stdout: 'built\r\n' },
      { message: 'Starting 1 task that runs at start: Web', progress: 90, nextProgress: 100 },
      { message: 'The workspace is ready', progress: 100, nextProgress: 100 },
    ]);
    expect(startup.inProgress).toBe(false);
  });

  it('sends a running step\'s output only when it grew, at most every interval', () => {
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1' }], 0);
    fake.shells.set('s1', { output: 'a', exitCode: undefined });
    jest.advanceTimersByTime(STARTUP_OUTPUT_INTERVAL_MS * 3);
    fake.shells.set('s1', { output: 'ab', exitCode: undefined });
    jest.advanceTimersByTime(STARTUP_OUTPUT_INTERVAL_MS - 1);
    expect(fake.published.map((s) => s.stdout)).toEqual([undefined, 'a']);
    jest.advanceTimersByTime(1);
    expect(fake.published.map((s) => s.stdout)).toEqual([undefined, 'a', 'ab']);
  });

  it('ends with an error carrying the output when a setup step fails; nothing follows and nothing is replayed', () => {
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1' }, { name: 'Build' }], 0);
    fake.shells.set('s1', { output: 'npm ERR! boom\r\n', exitCode: 3 });
    fake.setup('STOPPED', [{ name: 'Install', shellId: 's1', finishStatus: 'FAILED' }, { name: 'Build' }], 0);
    expect(fake.published.at(-1)).toEqual({
      message: 'Setup task 1 of 2 failed with exit code 3: Install',
      isError: true,
      progress: 10,
      nextProgress: 50,
      stdout: 'npm ERR! boom\r\n',
    });
    const count = fake.published.length;
    fake.atStartEmitter.fire({ names: [], started: Promise.resolve() });
    expect(fake.published).toHaveLength(count);
    const session = { notify: jest.fn() } as unknown as ClientSession;
    startup.welcome(session);
    expect(session.notify).not.toHaveBeenCalled();
  });

  it('tells a client joining during the start-up the latest status at once', () => {
    fake.setup('IN_PROGRESS', [{ name: 'Install', shellId: 's1' }], 0);
    const notify = jest.fn();
    startup.welcome({ notify } as unknown as ClientSession);
    expect(notify).toHaveBeenCalledWith('system/initStatus', fake.published.at(-1));
  });

  it('reports an unusable git as an error and goes on; without steps nor tasks it is ready at once', async () => {
    fake.resolveGit({ kind: 'unusable', reason: 'git is not usable: spawn git ENOENT' });
    await settle();
    expect(fake.published.at(-1)).toMatchObject({ isError: true, message: 'The workspace has no git repository: git is not usable: spawn git ENOENT' });
    expect(startup.inProgress).toBe(true);
    fake.setup('FINISHED', [], 0);
    fake.atStartEmitter.fire({ names: [], started: Promise.resolve() });
    expect(messages(fake.published).at(-1)).toBe('The workspace is ready');
    startup.creatingRepository();
    expect(messages(fake.published).at(-1)).toBe('The workspace is ready');
  });

  it('a skipped step moves on to the next one; a setup stopped by a client ends the start-up without an error', () => {
    fake.setup('IN_PROGRESS', [{ name: 'One', shellId: 's1' }, { name: 'Two' }], 0);
    fake.setup('IN_PROGRESS', [{ name: 'One', shellId: 's1', finishStatus: 'SKIPPED' }, { name: 'Two' }], 1);
    expect(messages(fake.published).at(-1)).toBe('Running setup task 2 of 2: Two');
    fake.setup('STOPPED', [{ name: 'One', shellId: 's1', finishStatus: 'SKIPPED' }, { name: 'Two', shellId: 's2' }], 1);
    expect(fake.published.at(-1)).toMatchObject({ progress: 100, nextProgress: 100 });
    expect(fake.published.at(-1)).not.toHaveProperty('isError');
    expect(startup.inProgress).toBe(false);
  });
});
