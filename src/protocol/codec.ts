import { Decoder, DecodeError as MsgpackDecodeError, Encoder, encode } from '@msgpack/msgpack';
import { Result, err, ok } from '../base/result';
import { MAX_FRAME_BYTES } from './error-codes';
import { PitcherMessage } from './message';
import { isValidUtf8 } from './strict-utf8';

/** The decoder's private hooks, as they are at runtime (@msgpack/msgpack 3.x). */
interface DecoderInternals {
  bytes: Uint8Array;
  pos: number;
  decodeUtf8String(byteLength: number, headerOffset: number): string;
  pushArrayState(size: number): void;
  pushMapState(size: number): void;
}

/**
 * Values (array elements and map entries, at any depth) one frame from a client may hold. Decoding turns every byte
 * of a frame into a value at worst: 16 MiB of empty maps in an array decode to 16 million objects, over 1 GiB of
 * heap for one frame. A million is more than any request needs (an edit of 300,000 replacements) and bounds what one
 * frame can make the server hold to some 60 MiB while it is decoded.
 */
export const MAX_FRAME_VALUES = 1_000_000;

/** Frames above this are decoded by a decoder of their own, so that no decoder keeps a large frame after it. */
const SHARED_DECODER_MAX_BYTES = 64 * 1024;

/** Thrown by the value budget: the frame holds more values than allowed. */
class TooManyValues extends Error {}

/**
 * A msgpack decoder whose strings must be valid UTF-8 (see strict-utf8.ts; anything else fails the frame) and that
 * counts the values it decodes against a budget.
 */
class StrictDecoder {
  private readonly decoder = new Decoder();
  private valuesLeft = Infinity;

  constructor() {
    const internals = this.decoder as unknown as DecoderInternals;
    const { decodeUtf8String, pushArrayState, pushMapState } = internals;
    internals.decodeUtf8String = function (this: DecoderInternals, byteLength: number, headerOffset: number): string {
      const start = this.pos + headerOffset;
      if (this.bytes.byteLength >= start + byteLength && !isValidUtf8(this.bytes, start, byteLength)) {
        throw new MsgpackDecodeError('a string is not valid UTF-8 (e.g. an unpaired surrogate); it cannot be stored unchanged');
      }
      return decodeUtf8String.call(this, byteLength, headerOffset);
    };
    const count = (size: number) => {
      this.valuesLeft -= size;
      if (this.valuesLeft < 0) throw new TooManyValues();
    };
    internals.pushArrayState = function (this: DecoderInternals, size: number): void {
      count(size);
      pushArrayState.call(this, size);
    };
    internals.pushMapState = function (this: DecoderInternals, size: number): void {
      count(size);
      pushMapState.call(this, size);
    };
  }

  decode(frame: Uint8Array, maxValues: number): unknown {
    this.valuesLeft = maxValues;
    return this.decoder.decode(frame);
  }
}

const sharedDecoder = new StrictDecoder();

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

export interface DecodeLimits {
  /** Largest frame, in bytes (default MAX_FRAME_BYTES). */
  maxBytes?: number;
  /** Most values (array elements and map entries) in the frame (default: no limit; the server gives MAX_FRAME_VALUES). */
  maxValues?: number;
}

/** The refusal of a frame above the byte limit (the server's 1002 MESSAGE_TOO_LARGE; the client says the same). */
export const frameTooLargeMessage = (bytes: number, maxBytes = MAX_FRAME_BYTES): string => `Message of ${bytes} bytes exceeds the limit of ${maxBytes} bytes`;

export function decodeMessage(frame: Uint8Array, limits: DecodeLimits = {}): Result<unknown, DecodeError> {
  const maxBytes = limits.maxBytes ?? MAX_FRAME_BYTES;
  const maxValues = limits.maxValues ?? Infinity;
  if (frame.byteLength > maxBytes) return err({ kind: 'too-large', message: frameTooLargeMessage(frame.byteLength, maxBytes) });
  try {
    const decoder = frame.byteLength > SHARED_DECODER_MAX_BYTES ? new StrictDecoder() : sharedDecoder;
    return ok(decoder.decode(frame, maxValues));
  } catch (error) {
    if (error instanceof TooManyValues) {
      return err({ kind: 'too-large', message: `Message holds more than ${maxValues} values (array elements and map entries), the limit` });
    }
    return err({ kind: 'malformed', message: `Malformed message: ${(error as Error).message}` });
  }
}
