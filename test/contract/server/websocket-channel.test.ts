import { once } from '../../../src/base/event';
import { ChannelServer, LightClient, startChannelServer, until } from '../support/channel-server';

jest.setTimeout(60_000);

const FRAME = new Uint8Array(64 * 1024);

describe('WebSocketChannel heartbeat', () => {
  let server: ChannelServer;
  beforeAll(async () => {
    server = await startChannelServer({ pingIntervalMs: 100, pongTimeoutMs: 600 });
  });
  afterAll(() => server.close());

  it('terminates a client that never answers pings', async () => {
    const client = await LightClient.connect(server.url, { autoPong: false });
    await until(() => client.closed, 'the silent client to be closed');
    await server.accepted[server.accepted.length - 1].closed;
  });

  it('keeps a client that answers pings, for many pong time-outs', async () => {
    const client = await LightClient.connect(server.url);
    let pings = 0;
    client.ws.on('ping', () => (pings += 1));
    await until(() => pings >= 20 || client.closed, '20 pings'); // 20 × 100 ms, more than three pong time-outs
    expect(client.closed).toBe(false);
    client.close();
  });

  it('leaves the text-frame keep-alive to the endpoint: a text frame is still answered with an empty text frame', async () => {
    const client = await LightClient.connect(server.url);
    const answer = new Promise<boolean>((resolve) => client.ws.once('message', (_data, isBinary) => resolve(isBinary)));
    client.ws.send('');
    expect(await answer).toBe(false);
    client.close();
  });
});

describe('WebSocketChannel buffering', () => {
  let server: ChannelServer;
  beforeAll(async () => {
    server = await startChannelServer({ pongTimeoutMs: 600_000, closeGraceMs: 200, maxBufferedBytes: 32 * 1024 * 1024 });
  });
  afterAll(() => server.close());

  /** Sends 64 KiB frames to a stalled client until the server itself holds at least `bytes`. */
  async function fill(index: number, bytes: number): Promise<void> {
    const { channel } = server.accepted[index];
    for (let i = 0; i < 2_000 && channel.bufferedBytes < bytes; i++) {
      for (let j = 0; j < 16; j++) channel.send(FRAME);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(channel.bufferedBytes).toBeGreaterThanOrEqual(bytes);
  }

  it('counts the bytes a stalled client has not taken and signals when they drained', async () => {
    const client = await LightClient.connect(server.url);
    const index = server.accepted.length - 1;
    client.stall();
    await fill(index, 2 * 1024 * 1024);

    const drained = once(server.accepted[index].channel.onDidDrain);
    client.unstall();
    await drained;

    expect(server.accepted[index].channel.bufferedBytes).toBeLessThan(256 * 1024);
    client.close();
  });

  it('really closes the socket of a peer that does not answer the closing handshake', async () => {
    const client = await LightClient.connect(server.url);
    const accepted = server.accepted[server.accepted.length - 1];
    client.stall();
    await fill(server.accepted.length - 1, 1024 * 1024);

    accepted.channel.close(4001, 'Replaced by a newer connection of the same client');

    await accepted.closed;
    expect(accepted.channel.bufferedBytes).toBe(0);
    client.close();
  });

  it('closes a connection instead of holding more than the maximum for it', async () => {
    const client = await LightClient.connect(server.url);
    const accepted = server.accepted[server.accepted.length - 1];
    client.stall();
    let sent = 0;
    while (accepted.ws.readyState === accepted.ws.OPEN && sent < 4_000) {
      for (let j = 0; j < 16; j++, sent++) accepted.channel.send(FRAME);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await accepted.closed;
    expect(sent).toBeLessThan(4_000);
    client.close();
  });
});
