import { encode } from '@msgpack/msgpack';
import fc from 'fast-check';
import { EncodedResult, decodeMessage, encodeMessage, encodeResolvedWithEncodedResult } from '../../../src/protocol/codec';
import { resolved } from '../../../src/protocol/message';
import { isValidUtf8 } from '../../../src/protocol/strict-utf8';

/** A msgpack str8 holding exactly `bytes` (the encoder would never produce invalid UTF-8 for us). */
function rawStr(bytes: number[]): Uint8Array {
  return new Uint8Array([0xd9, bytes.length, ...bytes]);
}

/** { method: 'x', params: <raw str> } with the raw string spliced in. */
function frameWithString(bytes: number[]): Uint8Array {
  const prefix = encode({ method: 'x', params: '' });
  // the last byte of prefix is the empty fixstr (0xa0) for params: replace it by our raw str
  return new Uint8Array([...prefix.slice(0, prefix.length - 1), ...rawStr(bytes)]);
}

describe('isValidUtf8', () => {
  it.each([
    ['ASCII', [0x61, 0x62]],
    ['é', [0xc3, 0xa9]],
    ['€', [0xe2, 0x82, 0xac]],
    ['😀', [0xf0, 0x9f, 0x98, 0x80]],
    ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf]],
  ])('accepts %s', (_name, bytes) => expect(isValidUtf8(new Uint8Array(bytes), 0, bytes.length)).toBe(true));

  it.each([
    ['a lone high surrogate (WTF-8)', [0xed, 0xa0, 0x80]],
    ['a lone low surrogate (WTF-8)', [0xed, 0xb0, 0x80]],
    ['an overlong NUL', [0xc0, 0x80]],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf]],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['a stray continuation byte', [0x80]],
    ['0xFF', [0xff]],
  ])('refuses %s', (_name, bytes) => expect(isValidUtf8(new Uint8Array(bytes), 0, bytes.length)).toBe(false));

  it('agrees with a fatal TextDecoder on random bytes', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        expect(isValidUtf8(bytes, 0, bytes.length)).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encodeResolvedWithEncodedResult', () => {
  it('gives the same bytes as encoding the whole response', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string(), fc.jsonValue(), (id, method, result) => {
        const spliced = encodeResolvedWithEncodedResult(id, method, EncodedResult.of(result));
        expect(Buffer.from(spliced).toString('hex')).toBe(Buffer.from(encodeMessage(resolved(id, method, result))).toString('hex'));
      }),
    );
  });
});

describe('decodeMessage', () => {
  it('round-trips any well-formed string exactly, short or long', () => {
    fc.assert(
      fc.property(fc.oneof(fc.fullUnicodeString({ maxLength: 20 }), fc.fullUnicodeString({ minLength: 200, maxLength: 400 })), (text) => {
        const decoded = decodeMessage(encodeMessage({ method: 'x', params: { text } }));
        expect(decoded).toEqual({ ok: true, value: { method: 'x', params: { text } } });
      }),
    );
  });

  it('refuses a string carrying an unpaired surrogate, whatever its length, instead of altering it', () => {
    for (const padding of [0, 250]) {
      const bytes = [...new Array(padding).fill(0x61), 0xed, 0xa0, 0x80];
      const frame = padding > 0 ? frameWithLongString(bytes) : frameWithString(bytes);
      const decoded = decodeMessage(frame);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.error.message).toMatch(/not valid UTF-8/);
    }
  });

  it('keeps NUL characters (valid UTF-8) for the layers above to judge', () => {
    expect(decodeMessage(encodeMessage({ method: 'x', params: 'a\u0000b' }))).toEqual({ ok: true, value: { method: 'x', params: 'a\u0000b' } });
  });
});

/** Like frameWithString, with a str16 for strings of 256 bytes or more. */
function frameWithLongString(bytes: number[]): Uint8Array {
  const prefix = encode({ method: 'x', params: '' });
  const header = bytes.length < 256 ? [0xd9, bytes.length] : [0xda, bytes.length >> 8, bytes.length & 0xff];
  return new Uint8Array([...prefix.slice(0, prefix.length - 1), ...header, ...bytes]);
}

describe('decodeMessage value budget', () => {
  /** An array32 of `count` empty maps (one byte each): the cheapest frame with the most objects. */
  const emptyMaps = (count: number) => {
    const frame = new Uint8Array(5 + count).fill(0x80);
    frame[0] = 0xdd;
    new DataView(frame.buffer).setUint32(1, count);
    return frame;
  };

  it('refuses a frame holding more values than allowed as too large, before decoding them', () => {
    expect(decodeMessage(emptyMaps(2_000_000), { maxValues: 1_000_000 })).toEqual({
      ok: false,
      error: { kind: 'too-large', message: 'Message holds more than 1000000 values (array elements and map entries), the limit' },
    });
  });

  it('counts values at every depth: many small arrays add up', () => {
    const inner = encode(new Array(1_000).fill(0));
    const outer = new Uint8Array([0xdc, 0x04, 0x00, ...Array.from({ length: 1024 }, () => [...inner]).flat()]);
    expect(decodeMessage(outer, { maxValues: 1_000_000 }).ok).toBe(false);
    expect(decodeMessage(outer, { maxValues: 2_000_000 }).ok).toBe(true);
  });

  it('has no value budget unless one is given (the client decodes the server’s large trees)', () => {
    expect(decodeMessage(emptyMaps(2_000_000)).ok).toBe(true);
  });
});
