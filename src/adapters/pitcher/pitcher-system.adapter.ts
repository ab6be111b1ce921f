import { Emitter } from '../../base/event';
import { InitStatus, SystemMetrics, SystemPort } from '../../application/ports/system.port';
import { SystemInitStatus, SystemMetrics as WireMetrics } from '../../protocol';
import { PitcherClient } from './pitcher-client';

const toMetrics = (m: WireMetrics): SystemMetrics => ({ cpu: { ...m.cpu }, memory: { ...m.memory }, storage: { ...m.storage } });
const toInitStatus = (s: SystemInitStatus): InitStatus => ({
  message: s.message,
  isError: s.isError === true,
  progress: s.progress,
  nextProgress: s.nextProgress,
  ...(typeof s.stdout === 'string' ? { stdout: s.stdout } : {}),
});

export class PitcherSystem implements SystemPort {
  private readonly metricsEmitter = new Emitter<SystemMetrics>();
  private readonly hibernateEmitter = new Emitter<void>();
  private readonly initEmitter = new Emitter<InitStatus>();
  readonly onDidReceiveMetrics = this.metricsEmitter.event;
  readonly onDidHibernate = this.hibernateEmitter.event;
  readonly onDidChangeInitStatus = this.initEmitter.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('system/metrics', (m) => this.metricsEmitter.fire(toMetrics(m)));
    client.onNotification('system/hibernate', () => this.hibernateEmitter.fire());
    client.onNotification('system/initStatus', (s) => this.initEmitter.fire(toInitStatus(s)));
  }

  async metrics(): Promise<SystemMetrics> {
    return toMetrics(await this.client.request('system/metrics', {}));
  }
  async hibernate(): Promise<void> {
    await this.client.request('system/hibernate', {});
  }
  async update(): Promise<void> {
    await this.client.request('system/update', {});
  }
}
