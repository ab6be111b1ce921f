import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { ClientSync } from '../../../../src/domain/ot/client-sync';
import { ServerDocument } from '../../../../src/domain/ot/server-document';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { randomEdit, seededRandom } from './support/random-operation';

type Upstream = { kind: 'operation'; revision: number; operation: TextOperation } | { kind: 'ack'; revision: number };
type Downstream = { kind: 'ack' } | { kind: 'operation'; operation: TextOperation };

/** One editor: its text, its sync state machine and the two FIFO channels of its socket. */
class SimulatedClient {
  readonly sync: ClientSync;
  readonly up: Upstream[] = [];
  readonly down: Downstream[] = [];

  constructor(
    readonly id: string,
    public text: string,
    revision: number,
  ) {
    this.sync = new ClientSync(revision);
  }

  edit(random: () => number): void {
    const op = randomEdit(random, this.text);
    this.text = unwrap(op.apply(this.text));
    const { send } = this.sync.applyLocal(op);
    if (send) this.up.push({ kind: 'operation', ...send });
  }

  receiveOne(): void {
    const message = this.down.shift();
    if (!message) return;
    if (message.kind === 'ack') {
      const effect = this.sync.serverAck();
      expect(effect.error).toBeUndefined();
      if (effect.send) this.up.push({ kind: 'operation', ...effect.send });
    } else {
      const toApply = unwrap(this.sync.applyServer(message.operation));
      this.text = unwrap(toApply.apply(this.text));
    }
    this.up.push({ kind: 'ack', revision: this.sync.revision });
  }
}

function deliverToServer(server: ServerDocument, from: SimulatedClient, clients: SimulatedClient[]): void {
  const message = from.up.shift();
  if (!message) return;
  if (message.kind === 'ack') {
    server.acknowledge(from.id, message.revision);
    return;
  }
  const received = unwrap(server.receive(message.revision, message.operation, { clientId: from.id }));
  if (received.kind !== 'applied') throw new Error('an operation without seq is never a duplicate');
  from.down.push({ kind: 'ack' });
  for (const other of clients) if (other !== from) other.down.push({ kind: 'operation', operation: received.operation });
}

const actionArb = fc.record({ kind: fc.constantFrom('edit', 'toServer', 'toClient'), client: fc.nat(2), seed: fc.nat() });

describe('ClientSync with ServerDocument', () => {
  it('converges to the same text for any interleaving of edits, deliveries and acks', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'hello', 'é😀 text\n'), fc.constantFrom(2, 3), fc.array(actionArb, { maxLength: 150 }), (initial, clientCount, actions) => {
        const server = new ServerDocument(initial, 3);
        // Each client opens the document, as file/open does: the server tracks it from that revision.
        const clients = ['a', 'b', 'c'].slice(0, clientCount).map((id) => new SimulatedClient(id, initial, 3));
        for (const client of clients) server.join(client.id);
        for (const action of actions) {
          const client = clients[action.client % clientCount];
          if (action.kind === 'edit') client.edit(seededRandom(action.seed));
          else if (action.kind === 'toServer') deliverToServer(server, client, clients);
          else client.receiveOne();
        }
        // Quiesce: deliver everything in flight until no channel holds a message.
        while (clients.some((c) => c.up.length > 0 || c.down.length > 0)) {
          for (const client of clients) {
            deliverToServer(server, client, clients);
            client.receiveOne();
          }
        }
        for (const client of clients) {
          expect(client.text).toBe(server.text);
          expect(client.sync.state.kind).toBe('synchronized');
          expect(client.sync.revision).toBe(server.revision);
        }
        expect(server.historyLength).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
