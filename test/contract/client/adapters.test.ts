import { PitcherCollaborators } from '../../../src/adapters/pitcher/pitcher-collaborators.adapter';
import { PitcherDocuments } from '../../../src/adapters/pitcher/pitcher-documents.adapter';
import { PortError } from '../../../src/application/ports/port-error';
import { ClientReplay } from '../support/client-harness';
import { loadFixture } from '../support/fixtures';
import { FixtureFrame } from '../support/wire';

const decoded = (f: FixtureFrame) => f.decoded as any;

/**
 * PitcherClient joins with the recorded client/join exchange. Every family's adapter and store against the recorded
 * fixtures: test/contract/protocol-fixtures/client-adapters.test.ts.
 */
describe('PitcherClient + adapters decode the recorded server frames', () => {
  let replay: ClientReplay;
  beforeEach(async () => {
    replay = new ClientReplay();
    await replay.join();
  });
  afterEach(() => replay.dispose());

  it('client/join: the join request is byte-identical and the join result is exposed', () => {
    const fixture = loadFixture('client/join');
    expect(replay.client.status).toEqual({ kind: 'CONNECTED' });
    expect(replay.client.joinResult).toEqual(decoded(fixture.frames[1]).result);
    expect(replay.client.joinResult?.client.clientId).toBe('<id-1>');
  });

  it('client/join: onDidJoin reports self and the permissions and capabilities of the join', async () => {
    const fresh = new ClientReplay();
    const joins: unknown[] = [];
    fresh.client.onDidJoin((j) => joins.push(j));
    await fresh.join();
    expect(joins).toEqual([
      {
        self: { clientId: '<id-1>', username: 'guest-<1>', name: 'Guest <1>', color: '#E2504C' },
        permissions: decoded(loadFixture('client/join').frames[1]).result.permissions,
        capabilities: decoded(loadFixture('client/join').frames[1]).result.capabilities,
        isProtected: false,
        isReconnect: false,
      },
    ]);
    fresh.dispose();
  });

  it('a rejected response becomes a PortError carrying the wire code and message', async () => {
    const docs = new PitcherDocuments(replay.client);
    const pending = docs.open('nope', false);
    const sent = replay.socket.sent.at(-1) as Uint8Array;
    const { decode, encode } = await import('@msgpack/msgpack');
    const { id } = decode(sent) as { id: number };
    replay.socket.fire('message', { data: encode({ id, method: 'file/open', status: 1, error: { code: 100, message: 'file not found' } }) });
    await expect(pending).rejects.toEqual(new PortError('rejected', 'file not found', 100));
    await expect(pending).rejects.toMatchObject({ code: 100 });
  });

  it('collaborators: client/connected from the wire fires onDidConnect', () => {
    const collaborators = new PitcherCollaborators(replay.client);
    const seen: unknown[] = [];
    collaborators.onDidConnect((c) => seen.push(c));
    const join = decoded(loadFixture('client/join.collaborator').frames.find((f) => f.client === 'A')!).params;
    const { encode } = require('@msgpack/msgpack');
    replay.socket.fire('message', { data: encode({ method: 'client/connected', params: join }) });
    expect(seen).toEqual([{ clientId: '<id-2>', username: 'guest-<2>', name: 'Guest <2>', color: join.color }]);
  });
});
