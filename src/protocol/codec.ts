import { decode, encode } from '@msgpack/msgpack';
import { Result, err, ok } from '../base/result';
import { MAX_FRAME_BYTES } from './error-codes';
import { PitcherMessage } from './message';

/** One binary frame = one msgpack value, default @msgpack/msgpack options (protocol.md §1.2). */
export function encodeMessage(message: PitcherMessage): Uint8Array {
  return encode(message);
}

export type DecodeError = { kind: 'too-large' | 'malformed'; message: string };

export function decodeMessage(frame: Uint8Array, maxBytes = MAX_FRAME_BYTES): Result<unknown, DecodeError> {
  if (frame.byteLength > maxBytes) {
    return err({ kind: 'too-large', message: `Message of ${frame.byteLength} bytes exceeds the limit of ${maxBytes} bytes` });
  }
  try {
    return ok(decode(frame));
  } catch (error) {
    return err({ kind: 'malformed', message: `Malformed message: ${(error as Error).message}` });
  }
}
