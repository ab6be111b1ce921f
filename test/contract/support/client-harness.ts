import { decode, encode } from '@msgpack/msgpack';
import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { OPEN, PitcherSocket } from '../../../src/adapters/pitcher/pitcher-socket';
import { loadFixture } from './fixtures';
import { FixtureFrame, fromHex, toHex } from './wire';

type Listener = (event?: any) => void;

/** A PitcherSocket that records sent frames and lets the test fire open/message events. */
export class FakeSocket implements PitcherSocket {
  binaryType = 'arraybuffer';
  readyState = 0;
  readonly sent: Array<Uint8Array | string> = [];
  private readonly listeners = new Map<string, Listener[]>();

  send(data: Uint8Array | string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  reconnect(): void {}
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, event?: unknown): void {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  open(): void {
    this.readyState = OPEN;
    this.fire('open');
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Drives a PitcherClient with fixture frames: joins via client-join, then replays exchanges. */
export class ClientReplay {
  readonly socket = new FakeSocket();
  readonly client = new PitcherClient(() => this.socket);
  private consumed = 0;

  async join(): Promise<void> {
    this.client.connect({ pitcherUrl: 'ws://test/pitcher', pitcherToken: 'token' });
    this.socket.open();
    const fixture = loadFixture('client-join');
    const id = this.expectRequest(fixture.frames[0]);
    this.deliver(fixture.frames[1], id);
    await flush();
    if (this.client.status.kind !== 'CONNECTED') throw new Error(`client did not join: ${JSON.stringify(this.client.status)}`);
  }

  /**
   * Takes the client's next outgoing frame and checks it equals the fixture's request frame
   * byte-for-byte once the fixture's id is replaced by the client's own. Returns the client's id.
   */
  expectRequest(frame: FixtureFrame): number {
    if (frame.direction !== 'out') throw new Error('not an outgoing frame');
    const next = this.socket.sent[this.consumed++];
    if (!(next instanceof Uint8Array)) throw new Error(`expected a binary frame to be sent, got ${String(next)}`);
    const sent = decode(next) as { id: number };
    const expected = withId(fromHex(frame.hex), sent.id);
    expect(decode(next)).toEqual(decode(expected));
    expect(toHex(next)).toBe(toHex(expected));
    return sent.id;
  }

  /** Feeds a recorded server frame; a response is re-addressed to the client's request id. */
  deliver(frame: FixtureFrame, id?: number): void {
    if (frame.direction !== 'in') throw new Error('not an incoming frame');
    const bytes = fromHex(frame.hex);
    this.socket.fire('message', { data: id === undefined ? bytes : withId(bytes, id) });
  }

  dispose(): void {
    this.client.dispose();
  }
}

/** Re-encodes a frame with its id replaced in place (key order kept); unchanged when equal. */
export function withId(bytes: Uint8Array, id: number): Uint8Array {
  const value = decode(bytes) as Record<string, unknown>;
  if (!('id' in value) || value.id === id) return bytes;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'id' ? id : v;
  return encode(out);
}

export { flush };
