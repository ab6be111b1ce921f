import { Emitter } from '../../base/event';
import { ContainerPort, ContainerSetup, SetupDevtoolRequest } from '../../application/ports/container.port';
import { PitcherClient } from './pitcher-client';

export class PitcherContainer implements ContainerPort {
  private readonly devtool = new Emitter<SetupDevtoolRequest>();
  readonly onDidRequestSetupDevtool = this.devtool.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('container/openSetupDevtool', (p) => this.devtool.fire({ dependencies: p?.dependencies }));
  }

  setup(setup: ContainerSetup): Promise<unknown> {
    const params = { templateId: setup.templateId, templateArgs: setup.templateArgs };
    return this.client.request('container/setup', setup.features ? { ...params, features: setup.features } : params);
  }
}
