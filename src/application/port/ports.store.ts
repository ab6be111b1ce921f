import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { OpenPort, PortsPort } from '../ports/ports.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** The workspace's open ports, kept current by port/changed (spec 002 §3 Port). */
@injectable()
export class PortsStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'ports';
  list: readonly OpenPort[] = [];

  constructor(@inject(PortsPort) private readonly port: PortsPort) {
    super();
    makeObservable(this, { list: observable.ref, setList: action });
    this.register(port.onDidChange((list) => this.setList(list)));
  }

  setList(list: readonly OpenPort[]): void {
    this.list = [...list].sort((a, b) => a.port - b.port);
  }

  urlOf(port: number): string | undefined {
    return this.list.find((p) => p.port === port)?.url;
  }

  async resync(): Promise<void> {
    this.setList(await this.port.list());
  }
}
