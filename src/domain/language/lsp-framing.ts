import { DomainError, Result, domainError, err, ok } from '../../base/result';

/**
 * LSP base protocol framing: `Content-Length: <bytes>\r\n[other headers]\r\n\r\n<body>`. Content-Length counts
 * bytes of the UTF-8 body, not characters. The decoder takes chunks as they arrive from a pipe (split or joined
 * anywhere) and returns whole bodies; it holds at most one header and one body of bounded size. Kept rather than
 * vscode-jsonrpc's framing, which bounds neither (bench: lsp-framing, ADR 0019).
 */
export const MAX_LSP_HEADER_BYTES = 8 * 1024;

export type LspFramingError = DomainError<'header-too-large' | 'bad-header' | 'body-too-large'>;

const CR = 13;
const LF = 10;

export class LspFrameDecoder {
  /** Bytes not yet read as a header or a body: [start, end) of buffer. */
  private buffer = new Uint8Array(0);
  private start = 0;
  private end = 0;
  /** The body being read, allocated at its full length once its header was parsed, and how much of it has arrived. */
  private body: Uint8Array | undefined;
  private filled = 0;
  private failure: LspFramingError | undefined;

  constructor(private readonly maxBodyBytes: number) {}

  /** Bytes held and not yet returned as a body. */
  get bufferedBytes(): number {
    return this.end - this.start + (this.body === undefined ? 0 : this.filled);
  }

  /**
   * Adds a chunk; returns the bodies it completed, in order. After an error the stream cannot be resynchronised.
   * A body's bytes are copied once, from the chunk into the body (a large body is not grown and copied again).
   */
  push(chunk: Uint8Array): Result<Uint8Array[], LspFramingError> {
    if (this.failure) return err(this.failure);
    const bodies: Uint8Array[] = [];
    let rest = chunk;
    for (;;) {
      if (this.body !== undefined) {
        const take = Math.min(this.body.length - this.filled, rest.length);
        this.body.set(rest.subarray(0, take), this.filled);
        this.filled += take;
        rest = rest.subarray(take);
        if (this.filled < this.body.length) break;
        bodies.push(this.body);
        this.body = undefined;
        continue;
      }
      if (rest.length > 0) {
        this.append(rest);
        rest = rest.subarray(rest.length);
      }
      const header = this.readHeader();
      if (!header.ok) {
        this.failure = header.error;
        return err(header.error);
      }
      if (header.value === undefined) break;
      // The bytes already buffered after the header start the body.
      this.body = new Uint8Array(header.value);
      this.filled = Math.min(header.value, this.end - this.start);
      this.body.set(this.buffer.subarray(this.start, this.start + this.filled));
      this.start += this.filled;
    }
    if (this.start === this.end) this.start = this.end = 0;
    return ok(bodies);
  }

  /** The next header's Content-Length (consuming the header), undefined while the header is incomplete. */
  private readHeader(): Result<number | undefined, LspFramingError> {
    const limit = Math.min(this.end, this.start + MAX_LSP_HEADER_BYTES);
    for (let i = this.start; i + 3 < limit; i++) {
      if (this.buffer[i] === CR && this.buffer[i + 1] === LF && this.buffer[i + 2] === CR && this.buffer[i + 3] === LF) {
        const length = parseContentLength(ascii(this.buffer, this.start, i));
        if (!length.ok) return length;
        if (length.value > this.maxBodyBytes) {
          return err(domainError('body-too-large', `LSP message of ${length.value} bytes exceeds the limit of ${this.maxBodyBytes} bytes`));
        }
        this.start = i + 4;
        return length;
      }
    }
    if (this.end - this.start >= MAX_LSP_HEADER_BYTES) {
      return err(domainError('header-too-large', `LSP header exceeds ${MAX_LSP_HEADER_BYTES} bytes`));
    }
    return ok(undefined);
  }

  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buffer.length) {
      const live = this.end - this.start;
      const needed = live + chunk.length;
      if (needed <= this.buffer.length && this.start > 0) {
        this.buffer.copyWithin(0, this.start, this.end);
      } else {
        const grown = new Uint8Array(Math.max(needed, this.buffer.length * 2, 4096));
        grown.set(this.buffer.subarray(this.start, this.end));
        this.buffer = grown;
      }
      this.start = 0;
      this.end = live;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }
}

function parseContentLength(header: string): Result<number, LspFramingError> {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return err(domainError('bad-header', `Malformed LSP header line: ${JSON.stringify(line.slice(0, 80))}`));
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return err(domainError('bad-header', `Malformed Content-Length: ${JSON.stringify(value.slice(0, 40))}`));
    length = Number(value);
  }
  if (length === undefined) return err(domainError('bad-header', 'LSP header without Content-Length'));
  return ok(length);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

/** One frame: the header (ASCII) and the body bytes (UTF-8 JSON, already encoded by the caller). */
export function encodeLspFrame(body: Uint8Array): Uint8Array {
  const header = `Content-Length: ${body.length}\r\n\r\n`;
  const frame = new Uint8Array(header.length + body.length);
  for (let i = 0; i < header.length; i++) frame[i] = header.charCodeAt(i);
  frame.set(body, header.length);
  return frame;
}
