/**
 * LSP message framing (`Content-Length: n\r\n\r\n<n bytes>`) as Bullpen reads a language server's stdout
 * (src/domain/language/lsp-framing.ts, LspFrameDecoder) against vscode-jsonrpc's, the library issue 19 names (its
 * Node message buffer, read as its ReadableStreamMessageReader does: tryReadHeaders, Content-Length, tryReadBody;
 * JSON parsing left out of both), in the same run:
 *
 * - throughput, bodies per second: 20,000 small messages (a completion item's size) in 64 KiB chunks as a pipe
 *   delivers them; a 4 MB message (a large completion list or semantic tokens) in 64 KiB chunks; 2,000 small
 *   messages fed one byte at a time.
 * - what each holds from a language server that misbehaves: 16 MiB of output without a header end, and a header
 *   announcing 4 GiB followed by 16 MiB: the bytes held when the decoder refuses the stream (or after all of it),
 *   and the time spent (vscode-jsonrpc looks for the header's end from the first byte again on every chunk).
 *
 * Both are checked to return the same bodies. No assertion on timing.
 */
import { LspFrameDecoder, encodeLspFrame } from '../src/domain/language/lsp-framing';
import { compareThroughput } from './support/measure';
import { formatMb, formatRate, formatRatio, printTable } from './support/table';

const MAX_BODY_BYTES = 64 * 1024 * 1024;
const CHUNK = 64 * 1024;
const MISBEHAVING_BYTES = 16 * 1024 * 1024;
const utf8 = new TextEncoder();

/** vscode-jsonrpc's message buffer (RAL.MessageBuffer), typed here: this repository's moduleResolution reads no export maps. */
interface JsonRpcMessageBuffer {
  readonly numberOfBytes: number;
  append(chunk: Uint8Array): void;
  tryReadHeaders(lowerCaseKeys?: boolean): Map<string, string> | undefined;
  tryReadBody(length: number): Uint8Array | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RAL } = require('vscode-jsonrpc/node') as { RAL: () => { messageBuffer: { create(encoding: 'utf-8'): JsonRpcMessageBuffer } } };

/** vscode-jsonrpc's framing as its ReadableStreamMessageReader runs it, minus the JSON decoding. */
class JsonRpcFraming {
  private readonly buffer = RAL().messageBuffer.create('utf-8');
  private nextLength = -1;

  get bufferedBytes(): number {
    return this.buffer.numberOfBytes;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    this.buffer.append(chunk);
    const bodies: Uint8Array[] = [];
    for (;;) {
      if (this.nextLength === -1) {
        const headers = this.buffer.tryReadHeaders(true);
        if (!headers) return bodies;
        const length = parseInt(headers.get('content-length') ?? '');
        if (isNaN(length)) throw new Error('Content-Length value must be a number');
        this.nextLength = length;
      }
      const body = this.buffer.tryReadBody(this.nextLength);
      if (body === undefined) return bodies;
      this.nextLength = -1;
      bodies.push(body);
    }
  }
}

function frames(count: number, bodyOf: (i: number) => string): Uint8Array {
  const parts = Array.from({ length: count }, (_, i) => encodeLspFrame(utf8.encode(bodyOf(i))));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function chunks(stream: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < stream.length; i += size) out.push(stream.slice(i, i + size));
  return out;
}

const completionItem = (i: number) =>
  JSON.stringify({ jsonrpc: '2.0', id: i, result: { label: `item${i}`, kind: 6, detail: 'const item: string', sortText: `0${i}`, insertText: `item${i}` } });

interface Case {
  name: string;
  chunks: Uint8Array[];
  messages: number;
}

function cases(): Case[] {
  const small = frames(20_000, completionItem);
  const big = frames(1, () => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { items: 'x'.repeat(4 * 1024 * 1024) } }));
  const bytewise = frames(2_000, completionItem);
  return [
    { name: '20,000 small messages, 64 KiB chunks', chunks: chunks(small, CHUNK), messages: 20_000 },
    { name: 'one 4 MB message, 64 KiB chunks', chunks: chunks(big, CHUNK), messages: 1 },
    { name: '2,000 small messages, 1 byte at a time', chunks: chunks(bytewise, 1), messages: 2_000 },
  ];
}

function oursRead(input: Case): Uint8Array[] {
  const decoder = new LspFrameDecoder(MAX_BODY_BYTES);
  const bodies: Uint8Array[] = [];
  for (const chunk of input.chunks) {
    const result = decoder.push(chunk);
    if (!result.ok) throw new Error(result.error.message);
    bodies.push(...result.value);
  }
  return bodies;
}

function theirsRead(input: Case): Uint8Array[] {
  const framing = new JsonRpcFraming();
  const bodies: Uint8Array[] = [];
  for (const chunk of input.chunks) bodies.push(...framing.push(chunk));
  return bodies;
}

function sameBodies(a: Uint8Array[], b: Uint8Array[]): boolean {
  return a.length === b.length && a.every((body, i) => Buffer.compare(Buffer.from(body), Buffer.from(b[i])) === 0);
}

/**
 * Feeds MISBEHAVING_BYTES of `tail` after `head` in 64 KiB chunks: the bytes each holds when it refuses the stream
 * (or at the end), and the time it spent.
 */
function misbehaving(name: string, head: string): string[] {
  const tail = new Uint8Array(CHUNK).fill(0x61);
  const ours = new LspFrameDecoder(MAX_BODY_BYTES);
  let oursHeld = 0;
  let oursRefused = '';
  let oursMs = 0;
  const theirs = new JsonRpcFraming();
  let theirsMs = 0;
  const feed = (chunk: Uint8Array) => {
    let started = performance.now();
    if (oursRefused === '') {
      const result = ours.push(chunk);
      if (result.ok) oursHeld = ours.bufferedBytes;
      else oursRefused = `refused (${result.error.kind}) holding ${formatMb(ours.bufferedBytes)}`;
    }
    oursMs += performance.now() - started;
    started = performance.now();
    theirs.push(chunk);
    theirsMs += performance.now() - started;
  };
  feed(utf8.encode(head));
  for (let sent = 0; sent < MISBEHAVING_BYTES; sent += CHUNK) feed(tail);
  return [name, `${oursRefused || `holds ${formatMb(oursHeld)}`}, ${oursMs.toFixed(0)} ms`, `holds ${formatMb(theirs.bufferedBytes)}, ${theirsMs.toFixed(0)} ms`];
}

export async function run(): Promise<void> {
  const rows: string[][] = [];
  for (const input of cases()) {
    const ours = oursRead(input);
    if (ours.length !== input.messages || !sameBodies(ours, theirsRead(input))) throw new Error(`ours and vscode-jsonrpc disagree: ${input.name}`);
    const rates = compareThroughput(
      { ours: () => oursRead(input).length, 'vscode-jsonrpc': () => theirsRead(input).length },
      { callsPerRound: input.messages, warmupRounds: 2, rounds: 7 },
    );
    rows.push([input.name, formatRate(rates.ours), formatRate(rates['vscode-jsonrpc']), formatRatio(rates.ours / rates['vscode-jsonrpc'])]);
  }
  printTable(['stream', 'ours bodies/s', 'vscode-jsonrpc bodies/s', 'ours/vscode-jsonrpc'], rows);
  console.log('');
  printTable(
    [`misbehaving language server (${MISBEHAVING_BYTES / 1024 / 1024} MiB sent)`, 'ours', 'vscode-jsonrpc'],
    [misbehaving('no header end', 'Content-Length: 10'), misbehaving('Content-Length: 4294967296', 'Content-Length: 4294967296\r\n\r\n')],
  );
}
