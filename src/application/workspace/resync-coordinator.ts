import { inject, injectable, multiInject, optional } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncCause, ResyncFamily } from '../../domain/connection/resync-order';
import { ResyncRequest, WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { NotifyError } from '../tokens';
import { ResyncParticipant } from './resync-participant';

export type ResyncOutcome =
  | { readonly family: ResyncFamily; readonly status: 'resynced' }
  | { readonly family: ResyncFamily; readonly status: 'failed'; readonly message: string }
  /** No store of this family takes part (yet). */
  | { readonly family: ResyncFamily; readonly status: 'skipped' };

export interface ResyncReport {
  readonly cause: ResyncCause;
  readonly outcomes: readonly ResyncOutcome[];
  /** A newer resync started before this one finished: the rest was left to it. */
  readonly superseded: boolean;
}

/** How a failed family is shown to the user. */
export const resyncFailedMessage = (family: ResyncFamily, message: string): string => `Could not resync ${family}: ${message}`;

/**
 * On the first join every family loads; after a reconnect or a seamless instance switch the connection asks for a
 * resync (spec 002 §4). This calls each family's stores in the spec's order, one family after the other, and reports
 * failures per family. A failure does not stop the families after it. A new request (the connection dropped again)
 * supersedes the running one. The first join's load of the stores that skip it (clients, shells, fs and files of
 * the workbench) is WorkbenchStore's.
 */
@injectable()
export class ResyncCoordinator extends DisposableBase {
  lastReport: ResyncReport | undefined = undefined;
  running = false;
  private generation = 0;

  constructor(
    @inject(WorkspaceConnectionPort) connection: WorkspaceConnectionPort,
    @multiInject(ResyncParticipant) @optional() private readonly participants: ResyncParticipant[] = [],
    @inject(NotifyError) @optional() private readonly notifyError: NotifyError = () => undefined,
  ) {
    super();
    makeObservable<ResyncCoordinator, 'finish'>(this, { lastReport: observable.ref, running: observable, finish: action });
    this.register(connection.onDidRequestResync((request) => void this.resync(request)));
  }

  async resync(request: ResyncRequest): Promise<ResyncReport> {
    const generation = ++this.generation;
    this.setRunning(true);
    const outcomes: ResyncOutcome[] = [];
    for (const family of request.families) {
      if (generation !== this.generation) return this.finish({ cause: request.cause, outcomes, superseded: true }, generation);
      const stores = this.participants.filter((p) => p.family === family && !(request.cause === 'initial' && p.skipsInitialLoad === true));
      if (stores.length === 0) {
        outcomes.push({ family, status: 'skipped' });
        continue;
      }
      const failures: string[] = [];
      for (const store of stores) {
        try {
          await store.resync(request.cause);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      if (failures.length === 0) outcomes.push({ family, status: 'resynced' });
      else {
        const message = failures.join('; ');
        outcomes.push({ family, status: 'failed', message });
        // The first load's failures stay in the report (a read-only visitor may lack a family's permission).
        if (request.cause !== 'initial') this.notifyError(resyncFailedMessage(family, message));
      }
    }
    return this.finish({ cause: request.cause, outcomes, superseded: generation !== this.generation }, generation);
  }

  private setRunning(running: boolean): void {
    action(() => (this.running = running))();
  }

  private finish(report: ResyncReport, generation: number): ResyncReport {
    if (generation === this.generation) {
      this.lastReport = report;
      this.running = false;
    }
    return report;
  }
}
