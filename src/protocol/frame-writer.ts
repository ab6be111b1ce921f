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

  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.bytes.set(bytes, this.pos);
    this.pos += bytes.length;
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
    const length = utf8Length(text);
    this.ensure(5 + length);
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
