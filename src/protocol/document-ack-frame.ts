import { key } from './frame-writer';

/** A `file/documentAck` request as readDocumentAck reads it. */
export interface DocumentAckRequest {
  /** The request's id. */
  readonly id: number;
  readonly fileId: string;
  readonly revision: number;
}

const METHOD = 'file/documentAck';
const FILE_ID_MAX = 128;

/** The bytes every canonical documentAck request starts with: a map of 3, 'method', the method, 'params', a map of 2, 'id'. */
const PREFIX = Uint8Array.from([0x83, ...key('method'), ...key(METHOD), ...key('params'), 0x82, ...key('id')]);
const REVISION_KEY = key('revision');
const ID_KEY = key('id');

/**
 * The frame a pitcher client sends most (pitcher-client acknowledges every revision), read without the generic
 * decoder: only the canonical form clients build — `{method: 'file/documentAck', params: {id, revision}, id}` in this
 * key order (protocol.md §1.3), an ASCII file id of 1 to 128 characters, a non-negative revision and request id of
 * at most 32 bits, nothing after. Whatever else a frame holds (another key order, more keys, other types) is
 * undefined here and goes through the generic path, which decodes and validates it and answers the same.
 */
export function readDocumentAck(frame: Uint8Array): DocumentAckRequest | undefined {
  if (frame.length < PREFIX.length + 4) return undefined;
  for (let i = 0; i < PREFIX.length; i++) if (frame[i] !== PREFIX[i]) return undefined;
  let at = PREFIX.length;
  // The file id: a str of ASCII characters.
  const head = frame[at++];
  let length: number;
  if (head >= 0xa0 && head <= 0xbf) length = head & 0x1f;
  else if (head === 0xd9) length = frame[at++];
  else return undefined;
  if (length === 0 || length > FILE_ID_MAX || at + length > frame.length) return undefined;
  const fileId = asciiAt(frame, at, length);
  if (fileId === undefined) return undefined;
  at += length;
  if (!matches(frame, at, REVISION_KEY)) return undefined;
  at += REVISION_KEY.length;
  const revision = readUint(frame, at);
  if (revision === undefined) return undefined;
  at = revision.next;
  if (!matches(frame, at, ID_KEY)) return undefined;
  at += ID_KEY.length;
  const id = readUint(frame, at);
  if (id === undefined || id.next !== frame.length) return undefined;
  return { id: id.value, fileId, revision: revision.value };
}

/** The answer to a documentAck: byte for byte what encodeMessage(resolved(id, 'file/documentAck', {revision})) gives. */
export function documentAckAnswer(id: number, revision: number): Uint8Array {
  const out = new Uint8Array(1 + ID_KEY.length + uintSize(id) + ANSWER_MIDDLE.length + uintSize(revision));
  out[0] = 0x84;
  out.set(ID_KEY, 1);
  let at = writeUint(out, 1 + ID_KEY.length, id);
  out.set(ANSWER_MIDDLE, at);
  at = writeUint(out, at + ANSWER_MIDDLE.length, revision);
  return out;
}

/** The last file id read, as bytes and as a string: a client acknowledges the same file over and over. */
let lastIdBytes = new Uint8Array(0);
let lastId = '';

/** The ASCII string at frame[at, at + length), or undefined when a byte is not ASCII. */
function asciiAt(frame: Uint8Array, at: number, length: number): string | undefined {
  if (length === lastIdBytes.length) {
    let same = true;
    for (let i = 0; i < length && same; i++) same = frame[at + i] === lastIdBytes[i];
    if (same) return lastId;
  }
  let text = '';
  for (let i = 0; i < length; i++) {
    const c = frame[at + i];
    if (c > 0x7f) return undefined;
    text += String.fromCharCode(c);
  }
  lastIdBytes = frame.slice(at, at + length);
  lastId = text;
  return text;
}

/** Bytes of a non-negative integer in msgpack's smallest form (as @msgpack/msgpack writes it). */
const uintSize = (value: number): number => (value < 0x80 ? 1 : value < 0x100 ? 2 : value < 0x10000 ? 3 : value < 0x100000000 ? 5 : 9);

function writeUint(out: Uint8Array, at: number, value: number): number {
  if (value < 0x80) {
    out[at] = value;
    return at + 1;
  }
  const size = uintSize(value) - 1;
  out[at] = size === 1 ? 0xcc : size === 2 ? 0xcd : size === 4 ? 0xce : 0xcf;
  let rest = value;
  for (let i = size; i >= 1; i--) {
    out[at + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return at + 1 + size;
}

/** 'method', the method, 'status', 0, 'result', a map of 1, 'revision'. */
const ANSWER_MIDDLE = Uint8Array.from([...key('method'), ...key(METHOD), ...key('status'), 0x00, ...key('result'), 0x81, ...REVISION_KEY]);

function matches(frame: Uint8Array, at: number, bytes: Uint8Array): boolean {
  if (at + bytes.length > frame.length) return false;
  for (let i = 0; i < bytes.length; i++) if (frame[at + i] !== bytes[i]) return false;
  return true;
}

/** A non-negative integer in msgpack's positive fixint, uint 8, 16 or 32 form. */
function readUint(frame: Uint8Array, at: number): { value: number; next: number } | undefined {
  if (at >= frame.length) return undefined;
  const head = frame[at];
  if (head <= 0x7f) return { value: head, next: at + 1 };
  const size = head === 0xcc ? 1 : head === 0xcd ? 2 : head === 0xce ? 4 : 0;
  if (size === 0 || at + 1 + size > frame.length) return undefined;
  let value = 0;
  for (let i = 1; i <= size; i++) value = value * 256 + frame[at + i];
  return { value, next: at + 1 + size };
}
