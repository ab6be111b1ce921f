import { Decoder, DecodeError as MsgpackDecodeError, Encoder, encode } from '@msgpack/msgpack';
import { Result, err, ok } from '../base/result';
import { MAX_FRAME_BYTES } from './error-codes';
import { PitcherMessage } from './message';
import { isValidUtf8 } from './strict-utf8';

/** The decoder's private string hook, as it is at runtime (@msgpack/msgpack 3.x). */
interface DecoderInternals {
  bytes: Uint8Array;
  pos: number;
  decodeUtf8String(byteLength: number, headerOffset: number): string;
}

/** A msgpack decoder whose strings must be valid UTF-8 (see strict-utf8.ts); anything else fails the frame. */
function strictDecoder(): Decoder {
  const decoder = new Decoder();
  const internals = decoder as unknown as DecoderInternals;
  const decodeUtf8String = internals.decodeUtf8String;
  internals.decodeUtf8String = function (this: DecoderInternals, byteLength: number, headerOffset: number): string {
    const start = this.pos + headerOffset;
    if (this.bytes.byteLength >= start + byteLength && !isValidUtf8(this.bytes, start, byteLength)) {
      throw new MsgpackDecodeError('a string is not valid UTF-8 (e.g. an unpaired surrogate); it cannot be stored unchanged');
    }
    return decodeUtf8String.call(this, byteLength, headerOffset);
  };
  return decoder;
}

const decoder = strictDecoder();

/**
 * One encoder for every message: `encode()` would make a new one (and its 2 KiB buffer) per message. Its buffer grows
 * to the largest message encoded; after a large one it is replaced, so a burst of large frames leaves no large buffer.
 */
let encoder = new Encoder();
const KEPT_ENCODER_BYTES = 64 * 1024;

/** One binary frame = one msgpack value, default @msgpack/msgpack options (protocol.md §1.2). */
export function encodeMessage(message: PitcherMessage): Uint8Array {
  const bytes = encoder.encode(message);
  if (bytes.byteLength > KEPT_ENCODER_BYTES) encoder = new Encoder();
  return bytes;
}

/**
 * A large result encoded once and reused (the fs/read tree of a big workspace): the response frame is the
 * response head spliced with these bytes, so answering costs a copy, not a re-encoding.
 */
export class EncodedResult {
  constructor(readonly bytes: Uint8Array) {}

  static of(value: unknown): EncodedResult {
    return new EncodedResult(encode(value));
  }
}

/** `{id, method, status: 0, result}` with an already encoded result: byte-identical to encoding the whole response. */
export function encodeResolvedWithEncodedResult(id: number, method: string, result: EncodedResult): Uint8Array {
  const head = encode({ id, method, status: 0, result: null }); // ends with the result's nil (0xc0)
  const frame = new Uint8Array(head.length - 1 + result.bytes.length);
  frame.set(head.subarray(0, head.length - 1));
  frame.set(result.bytes, head.length - 1);
  return frame;
}

export type DecodeError = { kind: 'too-large' | 'malformed'; message: string };

export function decodeMessage(frame: Uint8Array, maxBytes = MAX_FRAME_BYTES): Result<unknown, DecodeError> {
  if (frame.byteLength > maxBytes) {
    return err({ kind: 'too-large', message: `Message of ${frame.byteLength} bytes exceeds the limit of ${maxBytes} bytes` });
  }
  try {
    return ok(decoder.decode(frame));
  } catch (error) {
    return err({ kind: 'malformed', message: `Malformed message: ${(error as Error).message}` });
  }
}
