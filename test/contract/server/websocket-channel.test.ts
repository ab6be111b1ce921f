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

describe('WebSocketChannel writes', () => {
  /** Binary messages the client received, in order. */
  function collect(client: LightClient): Buffer[] {
    const received: Buffer[] = [];
    client.ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) received.push(data);
    });
    return received;
  }

  const patterned = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);

  describe('framing', () => {
    let server: ChannelServer;
    beforeAll(async () => {
      server = await startChannelServer({ pongTimeoutMs: 600_000 });
    });
    afterAll(() => server.close());

    it('delivers binary messages of every length whole and in order, also many in one turn, with pings and close frames among them', async () => {
      const client = await LightClient.connect(server.url);
      const received = collect(client);
      let pings = 0;
      client.ws.on('ping', () => pings++);
      const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
      const { channel, ws } = server.accepted[server.accepted.length - 1];
      // The lengths where the frame header changes form (7-bit, 16-bit and 64-bit lengths).
      const sizes = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000, 1 << 20, 3, 200];
      const sent = sizes.map((size, i) => patterned(size, i));
      for (const [i, payload] of sent.entries()) {
        channel.send(payload); // all in one turn: from the second on, they leave corked in one write
        if (i % 3 === 0) ws.ping();
      }
      await new Promise((resolve) => setImmediate(resolve));
      const shared = patterned(100, 99); // a fan-out: the same bytes sent again (framed once per turn)
      channel.send(shared);
      channel.send(shared);
      channel.close(4000, 'done');
      expect(await closed).toBe(4000);
      expect(received.map((b) => b.length)).toEqual([...sizes, 100, 100]);
      const expected = [...sent, shared, shared];
      expect(received.map((b, i) => Buffer.from(expected[i]).equals(b))).toEqual(expected.map(() => true));
      expect(pings).toBe(4);
    });
  });

  describe('lazy frames', () => {
    it('holds a lazy frame until the next frame, which it goes out before', async () => {
      const server = await startChannelServer({ pongTimeoutMs: 600_000, lazyDelayMs: 60_000 });
      try {
        const client = await LightClient.connect(server.url);
        const received = collect(client);
        const { channel } = server.accepted[0];
        channel.sendLazily(Uint8Array.of(1));
        channel.sendLazily(Uint8Array.of(2));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received).toEqual([]); // still held: the delay is a minute
        channel.send(Uint8Array.of(3));
        await until(() => received.length === 3, 'three frames');
        expect(received).toEqual([Buffer.of(1), Buffer.of(2), Buffer.of(3)]);
      } finally {
        await server.close();
      }
    });

    it('sends a lazy frame on its own once the delay is up, and what it holds before a close frame', async () => {
      const server = await startChannelServer({ pongTimeoutMs: 600_000, lazyDelayMs: 50 });
      try {
        const client = await LightClient.connect(server.url);
        const received = collect(client);
        server.accepted[0].channel.sendLazily(Uint8Array.of(1));
        await until(() => received.length === 1, 'the lazy frame');

        const other = await LightClient.connect(server.url);
        const receivedByOther = collect(other);
        const closed = new Promise<void>((resolve) => other.ws.once('close', () => resolve()));
        server.accepted[1].channel.sendLazily(Uint8Array.of(7));
        server.accepted[1].channel.close(4001, 'Replaced by a newer connection of the same client');
        await closed;
        expect(receivedByOther).toEqual([Buffer.of(7)]);
      } finally {
        await server.close();
      }
    });
  });
});
