/**
 * The `id` and `method` of a request frame the decoder refused (a map key `__proto__`, which @msgpack/msgpack will
 * not decode, anywhere in the params): read from the top-level map without decoding the values, so the error answer
 * still reaches the request that caused it instead of leaving the client waiting. Undefined fields when the frame is
 * not a map or they cannot be read.
 */
export function peekRequestHeader(frame: Uint8Array): { id?: number; method?: string } {
  try {
    const reader = new Reader(frame);
    const size = reader.mapSize();
    if (size === undefined) return {};
    const header: { id?: number; method?: string } = {};
    for (let i = 0; i < size; i++) {
      const key = reader.stringOrSkip();
      if (key === 'id') {
        const id = reader.integerOrSkip();
        if (id !== undefined) header.id = id;
      } else if (key === 'method') {
        const method = reader.stringOrSkip();
        if (method !== undefined) header.method = method;
      } else {
        reader.skip();
      }
    }
    return header;
  } catch {
    return {};
  }
}

class Reader {
  private at = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  mapSize(): number | undefined {
    const b = this.byte();
    if (b >= 0x80 && b <= 0x8f) return b & 0x0f;
    if (b === 0xde) return this.u16();
    if (b === 0xdf) return this.u32();
    return undefined;
  }

  /** A string value (moved past), or undefined when the value is no string (skipped). */
  stringOrSkip(): string | undefined {
    const b = this.bytes[this.at];
    let length: number | undefined;
    if (b >= 0xa0 && b <= 0xbf) {
      this.at++;
      length = b & 0x1f;
    } else if (b === 0xd9) {
      this.at++;
      length = this.byte();
    } else if (b === 0xda) {
      this.at++;
      length = this.u16();
    } else if (b === 0xdb) {
      this.at++;
      length = this.u32();
    }
    if (length === undefined) {
      this.skip();
      return undefined;
    }
    const bytes = this.take(length);
    // Keys and method names are short ASCII; anything else cannot be 'id', 'method' or a method's name.
    if (length > 256 || bytes.some((b) => b > 0x7f)) return undefined;
    return String.fromCharCode(...bytes);
  }

  /** A non-negative integer that fits a request id, or undefined (the value is skipped). */
  integerOrSkip(): number | undefined {
    const b = this.bytes[this.at];
    if (b <= 0x7f) {
      this.at++;
      return b;
    }
    if (b === 0xcc || b === 0xcd || b === 0xce) {
      this.at++;
      return b === 0xcc ? this.byte() : b === 0xcd ? this.u16() : this.u32();
    }
    this.skip();
    return undefined;
  }

  /** Moves past one value of any type. */
  skip(): void {
    const b = this.byte();
    if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) return;
    if (b >= 0x80 && b <= 0x8f) return this.skipMany((b & 0x0f) * 2);
    if (b >= 0x90 && b <= 0x9f) return this.skipMany(b & 0x0f);
    if (b >= 0xa0 && b <= 0xbf) return void this.take(b & 0x1f);
    switch (b) {
      case 0xc4:
      case 0xd9:
        return void this.take(this.byte());
      case 0xc5:
      case 0xda:
        return void this.take(this.u16());
      case 0xc6:
      case 0xdb:
        return void this.take(this.u32());
      case 0xc7:
        return void this.take(this.byte() + 1);
      case 0xc8:
        return void this.take(this.u16() + 1);
      case 0xc9:
        return void this.take(this.u32() + 1);
      case 0xcc:
      case 0xd0:
        return void this.take(1);
      case 0xcd:
      case 0xd1:
        return void this.take(2);
      case 0xca:
      case 0xce:
      case 0xd2:
        return void this.take(4);
      case 0xcb:
      case 0xcf:
      case 0xd3:
        return void this.take(8);
      case 0xd4:
        return void this.take(2);
      case 0xd5:
        return void this.take(3);
      case 0xd6:
        return void this.take(5);
      case 0xd7:
        return void this.take(9);
      case 0xd8:
        return void this.take(17);
      case 0xdc:
        return this.skipMany(this.u16());
      case 0xdd:
        return this.skipMany(this.u32());
      case 0xde:
        return this.skipMany(this.u16() * 2);
      case 0xdf:
        return this.skipMany(this.u32() * 2);
      default:
        throw new Error(`not msgpack: 0x${b.toString(16)}`);
    }
  }

  private skipMany(count: number): void {
    for (let i = 0; i < count; i++) this.skip();
  }

  private byte(): number {
    if (this.at >= this.bytes.length) throw new Error('truncated');
    return this.bytes[this.at++];
  }

  private u16(): number {
    const v = this.view.getUint16(this.at);
    this.at += 2;
    return v;
  }

  private u32(): number {
    const v = this.view.getUint32(this.at);
    this.at += 4;
    return v;
  }

  private take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new Error('truncated');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
}
