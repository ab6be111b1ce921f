/**
 * An in-process stand-in for the pitcher server, for measuring the client alone: a PitcherSocket whose frames a
 * scripted server answers (client/join, fs/read with one file, file/open, file/documentOperation, file/documentAck),
 * either at once (`auto`, for setting up) or when the benchmark says (`manual`: frames the client sends wait in
 * `outbox` until `answerAll`, and frames for the client are delivered by `deliver`), so the benchmark can time the
 * client's work and leave the server's out. Frames are real msgpack wire frames (src/protocol).
 */
import { PitcherSocket } from '../../src/adapters/pitcher/pitcher-socket';
import { murmurHash } from '../../src/domain/hash/murmur';
import { PROTOCOL_VERSION, classify, decodeMessage, encodeMessage, notification, resolved } from '../../src/protocol';

type Listener = (event?: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

export const SCRIPTED_FILE_ID = 'bench-file';

export class ScriptedPitcher implements PitcherSocket {
  binaryType = 'arraybuffer';
  readyState = 0;
  mode: 'auto' | 'manual' = 'auto';
  /** Frames the client sent and the server has not answered yet (manual mode). */
  readonly outbox: Uint8Array[] = [];
  /** The server's revision of the file. */
  revision = 0;
  /** Operations the client sent. */
  operations = 0;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly fileName: string,
    private readonly content: string,
  ) {
    setImmediate(() => {
      this.readyState = 1;
      this.fire('open');
    });
  }

  send(data: Uint8Array | string): void {
    if (typeof data === 'string') return;
    if (this.mode === 'manual') this.outbox.push(data);
    else {
      const answer = this.answer(data);
      if (answer) setImmediate(() => this.deliver(answer));
    }
  }

  close(): void {
    this.readyState = 3;
  }

  reconnect(): void {
    throw new Error('the scripted pitcher does not reconnect');
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** Hands one frame to the client, as the socket's 'message' event (an ArrayBuffer, like the browser's). */
  deliver(frame: Uint8Array): void {
    const data = frame.byteOffset === 0 && frame.byteLength === frame.buffer.byteLength ? frame.buffer : frame.slice().buffer;
    this.fire('message', { data });
  }

  /** The server's answers to every frame in the outbox (not delivered yet). */
  answerAll(): Uint8Array[] {
    const answers: Uint8Array[] = [];
    for (const frame of this.outbox.splice(0)) {
      const answer = this.answer(frame);
      if (answer) answers.push(answer);
    }
    return answers;
  }

  /** A file/documentOperation notification of another client, at the next revision. */
  remoteOperation(operation: Array<number | string>): Uint8Array {
    this.revision++;
    return encodeMessage(notification('file/documentOperation', { id: SCRIPTED_FILE_ID, operation, revision: this.revision, reason: 0 }));
  }

  private answer(frame: Uint8Array): Uint8Array | undefined {
    const decoded = decodeMessage(frame);
    if (!decoded.ok) throw new Error('the client sent an undecodable frame');
    const message = classify(decoded.value);
    if (message.kind !== 'request') return undefined;
    const { id, method } = message.message;
    return encodeMessage(resolved(id, method, this.result(method)));
  }

  private result(method: string): unknown {
    switch (method) {
      case 'client/join':
        return {
          client: { clientId: 'self', username: 'bench', name: 'Bench', avatarUrl: null, color: '#888888', appId: 'bench' },
          workspacePath: '/',
          version: '0.1.0',
          protocolVersion: PROTOCOL_VERSION,
          latestPitcherVersion: '0.1.0',
          capabilities: {},
          permissions: { file: { documentOperation: true }, shell: { create: false } },
          isProtected: false,
          reconnectToken: 'bench',
        };
      case 'fs/read':
        return {
          treeNodes: [
            { id: '0', type: 1, name: null, parentId: null },
            { id: SCRIPTED_FILE_ID, type: 0, name: this.fileName, parentId: '0' },
          ],
          clock: 0,
        };
      case 'file/open':
        return {
          id: SCRIPTED_FILE_ID,
          isBinary: false,
          content: this.content,
          document: { clients: {}, revision: this.revision },
          savedHash: murmurHash(this.content),
          clients: {},
        };
      case 'file/documentOperation':
        this.operations++;
        return { id: SCRIPTED_FILE_ID, revision: ++this.revision };
      case 'file/documentAck':
        return { revision: this.revision };
      default:
        return null;
    }
  }

  private fire(type: string, event?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
