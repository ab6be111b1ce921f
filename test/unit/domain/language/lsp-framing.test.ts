import { LspFrameDecoder, MAX_LSP_HEADER_BYTES, encodeLspFrame } from '../../../../src/domain/language/lsp-framing';

const utf8 = new TextEncoder();
const text = new TextDecoder();
const frame = (json: unknown) => encodeLspFrame(utf8.encode(JSON.stringify(json)));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const ascii = (s: string) => utf8.encode(s);
const bodies = (result: ReturnType<LspFrameDecoder['push']>) => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((b) => JSON.parse(text.decode(b)));
};

describe('encodeLspFrame', () => {
  it('counts the bytes of a multibyte UTF-8 body, not its characters', () => {
    const body = utf8.encode('{"text":"héllo wörld ✓ 😀"}');
    const encoded = text.decode(encodeLspFrame(body));
    expect(encoded.startsWith(`Content-Length: ${body.length}\r\n\r\n`)).toBe(true);
    expect(body.length).toBeGreaterThan('{"text":"héllo wörld ✓ 😀"}'.length);
  });
});

describe('LspFrameDecoder', () => {
  const messages = [{ id: 1, result: 'a' }, { method: 'm', params: { s: 'ü✓😀'.repeat(50) } }, { id: 2, result: null }];
  const stream = concat(...messages.map(frame));

  it('reads frames joined in one chunk', () => {
    expect(bodies(new LspFrameDecoder(1 << 20).push(stream))).toEqual(messages);
  });

  it('reads frames split at every possible byte, multibyte characters cut in half included', () => {
    for (let cut = 1; cut < stream.length; cut++) {
      const decoder = new LspFrameDecoder(1 << 20);
      const got = [...bodies(decoder.push(stream.subarray(0, cut))), ...bodies(decoder.push(stream.subarray(cut)))];
      expect(got).toEqual(messages);
      expect(decoder.bufferedBytes).toBe(0);
    }
  });

  it('reads a stream fed one byte at a time', () => {
    const decoder = new LspFrameDecoder(1 << 20);
    const got: unknown[] = [];
    for (let i = 0; i < stream.length; i++) got.push(...bodies(decoder.push(stream.subarray(i, i + 1))));
    expect(got).toEqual(messages);
  });

  it('accepts other headers in any case and order', () => {
    const body = utf8.encode('{"id":7}');
    const raw = concat(ascii(`Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: ${body.length}\r\n\r\n`), body);
    expect(bodies(new LspFrameDecoder(100).push(raw))).toEqual([{ id: 7 }]);
  });

  it('holds a partial body until it is complete', () => {
    const decoder = new LspFrameDecoder(100);
    const full = frame({ id: 1 });
    expect(bodies(decoder.push(full.subarray(0, full.length - 1)))).toEqual([]);
    expect(bodies(decoder.push(full.subarray(full.length - 1)))).toEqual([{ id: 1 }]);
  });

  it('refuses a body larger than the limit as soon as the header says so', () => {
    const result = new LspFrameDecoder(10).push(ascii('Content-Length: 11\r\n\r\n'));
    expect(result).toEqual({ ok: false, error: { kind: 'body-too-large', message: 'LSP message of 11 bytes exceeds the limit of 10 bytes' } });
  });

  it('refuses a header without Content-Length, a malformed length, and a header that never ends', () => {
    expect(new LspFrameDecoder(10).push(ascii('Content-Type: x\r\n\r\n'))).toMatchObject({ ok: false, error: { kind: 'bad-header' } });
    expect(new LspFrameDecoder(10).push(ascii('Content-Length: -1\r\n\r\n'))).toMatchObject({ ok: false, error: { kind: 'bad-header' } });
    expect(new LspFrameDecoder(10).push(ascii('garbage\r\n\r\n'))).toMatchObject({ ok: false, error: { kind: 'bad-header' } });
    expect(new LspFrameDecoder(10).push(new Uint8Array(MAX_LSP_HEADER_BYTES).fill(65))).toMatchObject({ ok: false, error: { kind: 'header-too-large' } });
  });

  it('stays failed after an error (the stream cannot be resynchronised)', () => {
    const decoder = new LspFrameDecoder(10);
    decoder.push(ascii('Content-Length: 99\r\n\r\n'));
    expect(decoder.push(frame({ id: 1 })).ok).toBe(false);
  });

  it('buffers a large body without holding more than it needs', () => {
    const big = { result: 'x'.repeat(200_000) };
    const bytes = frame(big);
    const decoder = new LspFrameDecoder(1 << 20);
    const got: unknown[] = [];
    for (let i = 0; i < bytes.length; i += 65_536) got.push(...bodies(decoder.push(bytes.subarray(i, i + 65_536))));
    expect(got).toEqual([big]);
    expect(decoder.bufferedBytes).toBe(0);
  });
});
