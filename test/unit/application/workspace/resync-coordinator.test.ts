import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { ResyncRequest, WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { NotifyError } from '../../../../src/application/tokens';
import { ResyncCoordinator } from '../../../../src/application/workspace/resync-coordinator';
import { ResyncParticipant } from '../../../../src/application/workspace/resync-participant';
import { RESYNC_ORDER_AFTER_INSTANCE_CHANGE, RESYNC_ORDER_AFTER_RECONNECT, ResyncCause, ResyncFamily } from '../../../../src/domain/connection';

/** Only what the coordinator uses of the connection: the resync requests. */
function fakeConnection() {
  const requests = new Emitter<ResyncRequest>();
  return { requests, port: { onDidRequestResync: requests.event } as unknown as WorkspaceConnectionPort };
}

class Recorder implements ResyncParticipant {
  readonly causes: ResyncCause[] = [];
  constructor(
    readonly family: ResyncFamily,
    private readonly log: string[],
    private readonly failWith?: string,
    private readonly gate?: Promise<void>,
    readonly skipsInitialLoad = false,
  ) {}
  async resync(cause: ResyncCause): Promise<void> {
    this.causes.push(cause);
    this.log.push(`start ${this.family}`);
    if (this.gate) await this.gate;
    if (this.failWith) throw new Error(this.failWith);
    this.log.push(`done ${this.family}`);
  }
}

describe('ResyncCoordinator', () => {
  it('resyncs the families in the order of the request, one after the other, after a reconnect', async () => {
    const log: string[] = [];
    const { port } = fakeConnection();
    // registered in a scrambled order on purpose
    const participants = [...RESYNC_ORDER_AFTER_RECONNECT].reverse().map((f) => new Recorder(f, log));
    const coordinator = new ResyncCoordinator(port, participants);
    const report = await coordinator.resync({ cause: 'reconnect', families: RESYNC_ORDER_AFTER_RECONNECT });
    expect(log).toEqual(RESYNC_ORDER_AFTER_RECONNECT.flatMap((f) => [`start ${f}`, `done ${f}`]));
    expect(report.outcomes.every((o) => o.status === 'resynced')).toBe(true);
    expect(coordinator.lastReport).toBe(report);
  });

  it('uses the seamless order after an instance change', async () => {
    const log: string[] = [];
    const { port } = fakeConnection();
    const coordinator = new ResyncCoordinator(port, RESYNC_ORDER_AFTER_RECONNECT.map((f) => new Recorder(f, log)));
    await coordinator.resync({ cause: 'instance-change', families: RESYNC_ORDER_AFTER_INSTANCE_CHANGE });
    expect(log.filter((l) => l.startsWith('start')).map((l) => l.slice(6))).toEqual(['files', 'git', 'tasks', 'ports', 'clients', 'shells', 'languages', 'channels']);
  });

  it('reports a failure per family, tells the user, and goes on with the next families', async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const { port } = fakeConnection();
    const coordinator = new ResyncCoordinator(port, [new Recorder('git', log, 'Pitcher message git/status timed out'), new Recorder('ports', log)], (m) => errors.push(m));
    const report = await coordinator.resync({ cause: 'reconnect', families: ['clients', 'git', 'ports'] });
    expect(report.outcomes).toEqual([
      { family: 'clients', status: 'skipped' },
      { family: 'git', status: 'failed', message: 'Pitcher message git/status timed out' },
      { family: 'ports', status: 'resynced' },
    ]);
    expect(errors).toEqual(['Could not resync git: Pitcher message git/status timed out']);
    expect(log).toEqual(['start git', 'start ports', 'done ports']);
  });

  it('keeps the failures of the first load in the report without telling the user', async () => {
    const errors: string[] = [];
    const { port } = fakeConnection();
    const coordinator = new ResyncCoordinator(port, [new Recorder('tasks', [], 'No access')], (m) => errors.push(m));
    const report = await coordinator.resync({ cause: 'initial', families: ['tasks'] });
    expect(report.outcomes).toEqual([{ family: 'tasks', status: 'failed', message: 'No access' }]);
    expect(errors).toEqual([]);
  });

  it('starts on the connection\'s resync request, and a newer request supersedes a running one', async () => {
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { port, requests } = fakeConnection();
    const coordinator = new ResyncCoordinator(port, [new Recorder('clients', log, undefined, gate), new Recorder('git', log)]);
    requests.fire({ cause: 'reconnect', families: ['clients', 'git'] });
    expect(coordinator.running).toBe(true);
    const second = coordinator.resync({ cause: 'reconnect', families: ['git'] });
    open();
    await second;
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['start clients', 'start git', 'done git', 'done clients']);
    expect(coordinator.lastReport).toEqual({ cause: 'reconnect', outcomes: [{ family: 'git', status: 'resynced' }], superseded: false });
    expect(coordinator.running).toBe(false);
  });

  it('leaves the workbench\'s stores out of the first load (WorkbenchStore loads them) and calls them after a reconnect', async () => {
    const log: string[] = [];
    const { port } = fakeConnection();
    const tree = new Recorder('fs', log, undefined, undefined, true);
    const watches = new Recorder('fs', log);
    const coordinator = new ResyncCoordinator(port, [tree, watches, new Recorder('clients', log, undefined, undefined, true)]);
    const first = await coordinator.resync({ cause: 'initial', families: ['clients', 'fs'] });
    expect(first.outcomes).toEqual([
      { family: 'clients', status: 'skipped' },
      { family: 'fs', status: 'resynced' },
    ]);
    expect(log).toEqual(['start fs', 'done fs']);
    await coordinator.resync({ cause: 'reconnect', families: ['clients', 'fs'] });
    expect(log.slice(2)).toEqual(['start clients', 'done clients', 'start fs', 'done fs', 'start fs', 'done fs']);
    expect([tree.causes, watches.causes]).toEqual([['reconnect'], ['initial', 'reconnect']]);
  });

  it('gets every participant bound in the container', async () => {
    const log: string[] = [];
    const c = new Container();
    const { port } = fakeConnection();
    c.bind(WorkspaceConnectionPort).toConstantValue(port);
    c.bind(NotifyError).toConstantValue(() => undefined);
    c.bind(ResyncParticipant).toConstantValue(new Recorder('ports', log));
    c.bind(ResyncParticipant).toConstantValue(new Recorder('clients', log));
    c.bind(ResyncCoordinator).toSelf();
    await c.get(ResyncCoordinator).resync({ cause: 'reconnect', families: RESYNC_ORDER_AFTER_RECONNECT });
    expect(log).toEqual(['start clients', 'done clients', 'start ports', 'done ports']);
  });
});
