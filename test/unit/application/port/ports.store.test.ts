import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { OpenPort, PortsPort } from '../../../../src/application/ports/ports.port';
import { PortsStore } from '../../../../src/application/port/ports.store';

class FakePorts implements PortsPort {
  readonly changes = new Emitter<OpenPort[]>();
  onDidChange = this.changes.event;
  served: OpenPort[] = [{ port: 8080, url: 'http://8080.local' }];
  list = async () => this.served;
}

describe('PortsStore', () => {
  it('follows port/changed, sorted by port', () => {
    const port = new FakePorts();
    const store = new PortsStore(port);
    port.changes.fire([
      { port: 5173, url: 'http://5173.local' },
      { port: 3000, url: 'http://3000.local' },
    ]);
    expect(store.list.map((p) => p.port)).toEqual([3000, 5173]);
    expect(store.urlOf(5173)).toBe('http://5173.local');
    port.changes.fire([]);
    expect(store.list).toEqual([]);
  });

  it('resyncs with port/list', async () => {
    const port = new FakePorts();
    const store = new PortsStore(port);
    await store.resync();
    expect(store.list).toEqual([{ port: 8080, url: 'http://8080.local' }]);
  });
});
