/** ContainerStore over a fake connection, system and container port. */
import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { ContainerStore } from '../../../../src/application/container/container.store';
import { ContainerPort, ContainerSetup, SetupDevtoolRequest } from '../../../../src/application/ports/container.port';
import { InitStatus, SystemMetrics, SystemPort } from '../../../../src/application/ports/system.port';
import { FakeConnection } from '../support/fake-connection';

export class FakeSystem implements SystemPort {
  readonly init = new Emitter<InitStatus>();
  readonly hibernation = new Emitter<void>();
  readonly onDidReceiveMetrics = new Emitter<SystemMetrics>().event;
  readonly onDidHibernate = this.hibernation.event;
  readonly onDidChangeInitStatus = this.init.event;
  metrics = async (): Promise<SystemMetrics> => {
    throw new Error('not used');
  };
  hibernate = async () => undefined;
  update = async () => undefined;
}

/** The container port: fire `devtool` to ask for the setup devtool; `setup` records its setups and fails with `failWith`. */
export class FakeContainerPort implements ContainerPort {
  readonly devtool = new Emitter<SetupDevtoolRequest>();
  readonly onDidRequestSetupDevtool = this.devtool.event;
  readonly setups: ContainerSetup[] = [];
  failWith: string | undefined;
  async setup(setup: ContainerSetup): Promise<unknown> {
    this.setups.push(setup);
    if (this.failWith) throw new Error(this.failWith);
    return {};
  }
}

export function containerStore() {
  const connection = new FakeConnection();
  const system = new FakeSystem();
  const container = new FakeContainerPort();
  const errors: string[] = [];
  const store = new ContainerStore(connection, system, container, (m) => errors.push(m));
  return { connection, system, container, errors, store };
}

export const initStatus = (message: string, progress: number, isError = false, stdout?: string): InitStatus => ({
  message,
  isError,
  progress,
  nextProgress: progress + 10,
  ...(stdout ? { stdout } : {}),
});
