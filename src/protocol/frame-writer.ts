/** msgpack str of a short ASCII key (fewer than 32 characters). */
export function key(text: string): Uint8Array {
  const out = new Uint8Array(text.length + 1);
  out[0] = 0xa0 | text.length;
  for (let i = 0; i < text.length; i++) out[i + 1] = text.charCodeAt(i);
  return out;
}

/** A growing byte buffer with msgpack's encodings, as @msgpack/msgpack picks them (smallest form). */
export class FrameWriter {
  private bytes: Uint8Array;
  private pos = 0;

  constructor(initialSize: number) {
    this.bytes = new Uint8Array(initialSize);
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.pos);
  }

  /** How many bytes are written. */
  get length(): number {
    return this.pos;
  }

  /** The bytes written so far, not copied: valid until the next write. */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.pos);
  }

  /** Drops what was written after `length` (a part that turned out not to be writable this way). */
  truncate(length: number): void {
    if (length < this.pos) this.pos = length;
  }

  /**
   * The header of a str of `length` UTF-8 bytes and room for them: answers where they go in `buffer`, for the caller
   * to write exactly `length` bytes there before anything else is written.
   */
  reserveStr(length: number): number {
    this.ensure(5 + length);
    this.strHeader(length);
    const at = this.pos;
    this.pos += length;
    return at;
  }

  /** The buffer written into (replaced when it grows): for writing the bytes `reserveStr` made room for. */
  get buffer(): Uint8Array {
    return this.bytes;
  }

  raw(bytes: Uint8Array): void {
    const length = bytes.length;
    this.ensure(length);
    if (length > 32) this.bytes.set(bytes, this.pos);
    else for (let i = 0, b = this.bytes, p = this.pos; i < length; i++) b[p + i] = bytes[i];
    this.pos += length;
  }

  mapHeader(size: number): void {
    if (size < 16) this.byte(0x80 | size);
    else this.sized(0xde, 0xdf, size);
  }

  arrayHeader(size: number): void {
    if (size < 16) this.byte(0x90 | size);
    else this.sized(0xdc, 0xdd, size);
  }

  /** A non-negative integer (offsets and line numbers). */
  uint(value: number): void {
    this.ensure(9);
    const b = this.bytes;
    if (value < 0x80) b[this.pos++] = value;
    else if (value < 0x100) {
      b[this.pos++] = 0xcc;
      b[this.pos++] = value;
    } else if (value < 0x10000) {
      b[this.pos++] = 0xcd;
      this.be16(value);
    } else if (value < 0x100000000) {
      b[this.pos++] = 0xce;
      this.be32(value);
    } else {
      b[this.pos++] = 0xcf;
      this.be32(Math.floor(value / 0x100000000));
      this.be32(value >>> 0);
    }
  }

  str(text: string): void {
    if (text.length >= NATIVE_MIN_LENGTH) {
      this.longStr(text);
      return;
    }
    const length = utf8Length(text);
    this.ensure(5 + length);
    this.strHeader(length);
    const b = this.bytes;
    let p = this.pos;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        b[p++] = c;
        continue;
      }
      if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          b[p++] = 0xf0 | (c >> 18);
          b[p++] = 0x80 | ((c >> 12) & 0x3f);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    }
    this.pos = p;
  }

  /**
   * A long text (terminal output, file contents) through the platform's native UTF-8 encoder, straight into the
   * buffer. Its UTF-8 length is not known before: it is at least the text's length, so the text is written after a
   * header of that size and moved once in the rare case its header turns out longer.
   */
  private longStr(text: string): void {
    this.ensure(5 + text.length * 3);
    const guessed = strHeaderSize(text.length);
    const start = this.pos + guessed;
    const { written } = utf8.encodeInto(text, this.bytes.subarray(start));
    const header = strHeaderSize(written);
    if (header !== guessed) this.bytes.copyWithin(this.pos + header, start, start + written);
    this.strHeader(written);
    this.pos += written;
  }

  private strHeader(length: number): void {
    const b = this.bytes;
    if (length < 32) b[this.pos++] = 0xa0 | length;
    else if (length < 0x100) {
      b[this.pos++] = 0xd9;
      b[this.pos++] = length;
    } else if (length < 0x10000) {
      b[this.pos++] = 0xda;
      this.be16(length);
    } else {
      b[this.pos++] = 0xdb;
      this.be32(length);
    }
  }

  private byte(value: number): void {
    this.ensure(1);
    this.bytes[this.pos++] = value;
  }

  private sized(code16: number, code32: number, size: number): void {
    this.ensure(5);
    if (size < 0x10000) {
      this.bytes[this.pos++] = code16;
      this.be16(size);
    } else {
      this.bytes[this.pos++] = code32;
      this.be32(size);
    }
  }

  private be16(value: number): void {
    this.bytes[this.pos++] = value >>> 8;
    this.bytes[this.pos++] = value & 0xff;
  }

  private be32(value: number): void {
    this.bytes[this.pos++] = value >>> 24;
    this.bytes[this.pos++] = (value >>> 16) & 0xff;
    this.bytes[this.pos++] = (value >>> 8) & 0xff;
    this.bytes[this.pos++] = value & 0xff;
  }

  private ensure(extra: number): void {
    if (this.pos + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + extra));
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
  }
}

/** Texts at least this long are encoded natively (TextEncoder); the loop below is faster for short ones. */
const NATIVE_MIN_LENGTH = 256;

/** The part of TextEncoder used here (the platform's, in Node and browsers; protocol code is typed without DOM/Node). */
interface Utf8Encoder {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

/** TextEncoder writes a lone surrogate as U+FFFD, as the loop does: both give the same bytes. */
const utf8 = new (globalThis as unknown as { TextEncoder: new () => Utf8Encoder }).TextEncoder();

/** Bytes of a msgpack str header for a string of `length` UTF-8 bytes. */
const strHeaderSize = (length: number): number => (length < 32 ? 1 : length < 0x100 ? 2 : length < 0x10000 ? 3 : 5);

/** UTF-8 length with lone surrogates counted as U+FFFD (3 bytes). */
function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) length += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 2; // two units, four bytes
      i++;
    } else length += 2;
  }
  return length;
}
