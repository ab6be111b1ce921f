import { inject, injectable, optional } from 'inversify';
import { action, computed, makeObservable, observable, reaction } from 'mobx';
import { Disposable, DisposableBase } from '../../base/lifecycle';
import { initPhaseProgress } from '../../domain/connection/connection-progress';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { InitStatus, SystemMetrics, SystemPort } from '../ports/system.port';
import { NotifyError } from '../tokens';
import { ConnectionStore } from '../workspace/connection.store';
import { ResyncParticipant } from '../workspace/resync-participant';

/** Spec 002 §9: "Metrics polling interval default 5 s". */
export const METRICS_POLLING_INTERVAL_MS = 5_000;
export const MetricsPollingInterval = Symbol('MetricsPollingInterval');

/**
 * The workspace machine as the workbench shows it: metrics (polled every 5 s while someone watches, and only from
 * servers with the VM metrics feature, spec 001 §9), whether it hibernated, and its start-up status mapped onto the
 * 60-100% part of the progress bar (spec 002 §9).
 */
@injectable()
export class SystemStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'system';
  metrics: SystemMetrics | undefined = undefined;
  initStatus: InitStatus | undefined = undefined;
  hibernated = false;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private watchers = 0;

  constructor(
    @inject(SystemPort) private readonly port: SystemPort,
    @inject(ConnectionStore) private readonly connection: ConnectionStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(MetricsPollingInterval) @optional() private readonly pollingIntervalMs: number = METRICS_POLLING_INTERVAL_MS,
  ) {
    super();
    this.register(() => clearInterval(this.pollTimer));
    makeObservable(this, {
      metrics: observable.ref,
      initStatus: observable.ref,
      hibernated: observable,
      progress: computed,
      setMetrics: action,
      setInitStatus: action,
      setHibernated: action,
    });
    this.register(port.onDidReceiveMetrics((m) => this.setMetrics(m)));
    this.register(port.onDidHibernate(() => this.setHibernated(true)));
    this.register(port.onDidChangeInitStatus((s) => this.setInitStatus(s)));
    this.register(
      reaction(
        () => connection.status.kind,
        (kind) => kind === 'CONNECTED' && this.setHibernated(false),
      ),
    );
  }

  /** The start-up progress bar value (60..100), once the workspace reports its own start-up. */
  get progress(): number | undefined {
    return this.initStatus ? initPhaseProgress(this.initStatus.progress) : undefined;
  }

  get canReadMetrics(): boolean {
    return this.connection.hasFeature('vmMetrics');
  }

  setMetrics(metrics: SystemMetrics): void {
    this.metrics = metrics;
  }

  setInitStatus(status: InitStatus): void {
    this.initStatus = status;
  }

  setHibernated(hibernated: boolean): void {
    this.hibernated = hibernated;
  }

  /** Polls metrics while the returned disposable lives (several watchers share one timer). */
  watchMetrics(): Disposable {
    this.watchers += 1;
    if (this.watchers === 1) {
      void this.poll();
      this.pollTimer = setInterval(() => void this.poll(), this.pollingIntervalMs);
    }
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.watchers -= 1;
        if (this.watchers === 0) {
          clearInterval(this.pollTimer);
          this.pollTimer = undefined;
        }
      },
    };
  }

  async resync(): Promise<void> {
    this.setHibernated(false);
    if (this.canReadMetrics) this.setMetrics(await this.port.metrics());
  }

  async hibernate(): Promise<void> {
    try {
      await this.port.hibernate();
    } catch (error) {
      this.notifyError((error as Error).message);
    }
  }

  /** One poll: skipped while not connected or when the server has no metrics; a failed poll waits for the next. */
  private async poll(): Promise<void> {
    if (this.connection.status.kind !== 'CONNECTED' || !this.canReadMetrics) return;
    try {
      this.setMetrics(await this.port.metrics());
    } catch {
      /* the next poll tries again */
    }
  }
}
