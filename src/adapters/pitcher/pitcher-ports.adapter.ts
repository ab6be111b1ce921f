import { Emitter } from '../../base/event';
import { OpenPort, PortsPort } from '../../application/ports/ports.port';
import { PitcherClient } from './pitcher-client';

export class PitcherPorts implements PortsPort {
  private readonly changed = new Emitter<OpenPort[]>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('port/changed', (p) => this.changed.fire(p.list.map(toOpenPort)));
  }

  async list(): Promise<OpenPort[]> {
    return (await this.client.request('port/list', {})).list.map(toOpenPort);
  }
}

export const toOpenPort = (p: { port: number; url: string }): OpenPort => ({ port: p.port, url: p.url });
