/**
 * The client's cost per local keystroke and per remote operation on 10 KB, 1 MB and 5 MB documents (issue
 * "Collaboration you can trust"; target: 5 MB within 2x of 10 KB), beside the old approach's cost.
 *
 * Ours: the real client stack (PitcherClient → PitcherDocuments → EditorStore → DocumentSession) with a view
 * attached, wired like src/ui/editor/model-binding.ts: the view is Monaco's real text model (bench/support/
 * monaco-model.ts) and the binding is ModelBinding's (model edits → operationFromChanges → session.applyLocal;
 * session operations → editsFromOperation → model.applyEdits), without the remote-cursor decorations. If Monaco's
 * model cannot be loaded in Node, a TextBuffer-backed view is used instead and the output says so. The server is an
 * in-process script (bench/support/scripted-pitcher.ts) whose work is not timed.
 * - Local keystroke: one character typed with model.pushEditOperations (the call Monaco's typing ends in) at a cursor
 *   that advances, with an undo stop every 10 keystrokes and a jump to a random position every 50; timed from the
 *   model edit to the operation's frame handed to the socket, plus the handling of the server's answer to it (the
 *   frame's delivery to the client until the session is synchronized again).
 * - Remote operation: a file/documentOperation notification inserting one character at a random position, timed
 *   from the frame's delivery to the client until the model shows it (all synchronous).
 * Neither includes the content hash behind the dirty marker, which the session computes once HASH_DEBOUNCE_MS after
 * the last change: its cost, once per pause, is printed beside.
 *
 * Peer: the old approach, which rebuilt the whole string and murmur-hashed it on every operation (local or remote):
 * `op.apply(text)` + `murmurHash(text)` (src/domain/hash/murmur.ts) for the same one-character inserts.
 *
 * Sizes (env): BENCH_KEYS_SIZES (characters, default "10000,1000000,5000000"), BENCH_KEYS_OPS (timed operations of
 * each kind per size and round, default 2000; warm-up a quarter of it), BENCH_KEYS_ROUNDS (default 3: every size
 * is measured once per round, after one discarded warm-up round, and the median round is printed),
 * BENCH_KEYS_PEER_MS (time budget of the old approach per size and round, default 400 ms). No assertion on timing.
 */
import 'reflect-metadata';
import type * as monaco from 'monaco-editor';
import { performance } from 'node:perf_hooks';
import { EditorStore } from '../src/application/editor/editor.store';
import { AccessStore } from '../src/application/workspace/access.store';
import { DocumentSession } from '../src/application/editor/document-session';
import { LocalText } from '../src/application/editor/local-text';
import { FileTreeStore } from '../src/application/files/file-tree.store';
import { PitcherClient } from '../src/adapters/pitcher/pitcher-client';
import { PitcherDocuments } from '../src/adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../src/adapters/pitcher/pitcher-file-tree.adapter';
import { unwrap } from '../src/base/result';
import { murmurHash } from '../src/domain/hash/murmur';
import { TextBuffer } from '../src/domain/ot/text-buffer';
import { TextOperation } from '../src/domain/ot/text-operation';
import { bindModelText } from '../src/ui/editor/model-text';
import { MonacoModelFactory, loadMonacoModelFactory } from './support/monaco-model';
import { createPrng } from './support/prng';
import { SCRIPTED_FILE_ID, ScriptedPitcher } from './support/scripted-pitcher';
import { envList, envNumber, summarize } from './support/stats';
import { printTable } from './support/table';

const SIZES = envList('BENCH_KEYS_SIZES', [10_000, 1_000_000, 5_000_000]);
const OPS = Math.max(10, Math.round(envNumber('BENCH_KEYS_OPS', 2000)));
const WARMUP = Math.max(5, Math.round(OPS / 4));
const PEER_BUDGET_MS = envNumber('BENCH_KEYS_PEER_MS', 400);
const ROUNDS = Math.max(1, Math.round(envNumber('BENCH_KEYS_ROUNDS', 3)));
const UNDO_STOP_EVERY = 10;
const JUMP_EVERY = 50;
const FILE_NAME = 'big.js';

/** Code-like text: lines of words, about 40 characters each. */
function generateText(length: number, random: () => number): string {
  const words = ['const', 'value', 'return', 'function', 'if', '=', '(', ')', '{', '}', 'items', 'map', 'await', 'x', '+', '1;', 'let', 'index'];
  const parts: string[] = [];
  let size = 0;
  let line = 0;
  while (size < length) {
    const word = words[Math.floor(random() * words.length)];
    parts.push(word);
    size += word.length;
    line += word.length;
    if (line > 40) {
      parts.push('\n');
      line = 0;
    } else parts.push(' ');
    size++;
  }
  return parts.join('').slice(0, length);
}

/** The editor's view of the document and how a keystroke reaches it. */
interface View {
  readonly kind: string;
  /** Types `text` at `offset` as the user would. */
  type(offset: number, text: string): void;
  /** Marks an undo stop (Monaco: pushStackElement). */
  undoStop(): void;
  /** The view's text (to check it against the session). */
  text(): string;
  dispose(): void;
}

/** ModelBinding's own binding (bindModelText) over a Monaco text model (without remote-cursor decorations). */
function monacoView(factory: MonacoModelFactory, session: DocumentSession): View {
  const content = session.content;
  const model = factory.createModel(content);
  const detach = bindModelText(model, session, factory.Range, content);
  return {
    kind: `Monaco text model (${factory.version}, loaded in Node without a DOM)`,
    type: (offset, text) => {
      const at = model.getPositionAt(offset);
      model.pushEditOperations([], [{ range: new factory.Range(at.lineNumber, at.column, at.lineNumber, at.column), text }], () => null);
    },
    undoStop: () => model.pushStackElement(),
    text: () => model.getValue(),
    dispose: () => {
      detach.dispose();
      model.dispose();
    },
  };
}

/** Fallback: a TextBuffer-backed view (what BufferedLocalText does), edited in place, then reported to the session. */
function bufferView(session: DocumentSession, reason: string): View {
  const buffer = new TextBuffer(session.content);
  const local: LocalText = {
    get length() {
      return buffer.length;
    },
    getText: () => buffer.toString(),
    apply: (op: TextOperation) => buffer.apply(op),
  };
  const detach = session.attachView(local);
  return {
    kind: `TextBuffer-backed view (Monaco's model could not be loaded in Node: ${reason})`,
    type: (offset, text) => {
      const length = buffer.length;
      buffer.insert(offset, text);
      session.applyLocal(new TextOperation().retain(offset).insert(text).retain(length - offset));
    },
    undoStop: () => undefined,
    text: () => buffer.toString(),
    dispose: () => detach.dispose(),
  };
}

/** Lets promise continuations run (no timers, no I/O): the client's handling of an answer is all microtasks. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 16; i++) await Promise.resolve();
}

interface Figures {
  keystrokeUs: number;
  keystrokeP99Us: number;
  remoteUs: number;
  hashMs: number;
}

async function measureOurs(text: string, makeView: (session: DocumentSession) => View, seed: number): Promise<Figures & { view: string }> {
  const server = new ScriptedPitcher(FILE_NAME, text);
  const pitcher = new PitcherClient(() => server, 'bullpen-bench');
  const files = new FileTreeStore(new PitcherFileTree(pitcher));
  const errors: string[] = [];
  const editor = new EditorStore(new PitcherDocuments(pitcher), files, (message) => errors.push(message), new AccessStore(pitcher));
  await new Promise<void>((resolve, reject) => {
    pitcher.onDidJoin(() => {
      void files
        .load()
        .then(() => editor.open(SCRIPTED_FILE_ID))
        .then(resolve, reject);
    });
    pitcher.connect({ pitcherUrl: 'ws://scripted', pitcherToken: 'bench' });
  });
  const session = editor.session(SCRIPTED_FILE_ID);
  if (!session) throw new Error(`could not open the document: ${errors.join('; ')}`);
  const view = makeView(session);
  const random = createPrng(seed);
  server.mode = 'manual';
  try {
    let cursor = Math.floor(random() * session.length);
    const keystroke = async (i: number): Promise<number> => {
      if (i % JUMP_EVERY === 0) {
        cursor = Math.floor(random() * (session.length + 1));
        view.undoStop();
      } else if (i % UNDO_STOP_EVERY === 0) view.undoStop();
      const started = performance.now();
      view.type(cursor++, 'k');
      const typed = performance.now() - started;
      const answers = server.answerAll(); // the server's work: not timed
      if (answers.length !== 1) throw new Error(`expected one operation on the wire, got ${answers.length}`);
      const delivered = performance.now();
      for (const answer of answers) server.deliver(answer);
      await drainMicrotasks();
      const handled = performance.now() - delivered;
      if (!session.isSynchronized) throw new Error('the session did not take the acknowledgement');
      return typed + handled;
    };
    const remote = (): number => {
      const length = session.length;
      const position = Math.floor(random() * (length + 1));
      const ops: Array<number | string> = [];
      if (position > 0) ops.push(position);
      ops.push('r');
      if (length - position > 0) ops.push(length - position);
      const frame = server.remoteOperation(ops); // the server's work: not timed
      const started = performance.now();
      server.deliver(frame);
      const spent = performance.now() - started;
      if (session.length !== length + 1) throw new Error('the remote operation was not applied');
      return spent;
    };

    for (let i = 0; i < WARMUP; i++) await keystroke(i);
    for (let i = 0; i < WARMUP; i++) remote();
    const keystrokes: number[] = [];
    const remotes: number[] = [];
    // Interleaved in runs of 10, so both see the same document sizes and heap.
    for (let i = 0; i < OPS; i += 10) {
      for (let k = i; k < Math.min(OPS, i + 10); k++) keystrokes.push(await keystroke(k));
      for (let k = i; k < Math.min(OPS, i + 10); k++) remotes.push(remote());
    }
    // Answer what the debounced timers sent meanwhile (acks), then check the view and the session agree.
    server.mode = 'auto';
    for (const answer of server.answerAll()) server.deliver(answer);
    if (view.text().length !== session.length) throw new Error('the view and the session disagree');
    const hashStarted = performance.now();
    session.refreshContentHash();
    const hashMs = performance.now() - hashStarted;
    if (errors.length > 0) throw new Error(`client errors: ${errors.join('; ')}`);
    const k = summarize(keystrokes);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return { view: view.kind, keystrokeUs: mean(keystrokes) * 1000, keystrokeP99Us: k.p99 * 1000, remoteUs: mean(remotes) * 1000, hashMs };
  } finally {
    view.dispose();
    session.dispose();
    pitcher.dispose();
  }
}

/** The old approach: the whole string rebuilt and hashed per operation. */
function measureOldApproach(initial: string, seed: number): { us: number; ops: number } {
  const random = createPrng(seed);
  let text = initial;
  let sink = 0;
  const step = () => {
    const position = Math.floor(random() * (text.length + 1));
    const op = new TextOperation().retain(position).insert('k').retain(text.length - position);
    text = unwrap(op.apply(text));
    sink += murmurHash(text).length;
  };
  for (let i = 0; i < 3; i++) step();
  let ops = 0;
  const started = performance.now();
  while (ops < OPS && (ops < 5 || performance.now() - started < PEER_BUDGET_MS)) {
    step();
    ops++;
  }
  const elapsed = performance.now() - started;
  if (sink < 0) console.log('unreachable');
  return { us: (elapsed / ops) * 1000, ops };
}

const sizeName = (chars: number) => (chars >= 1_000_000 ? `${chars / 1_000_000} MB` : chars >= 1000 ? `${chars / 1000} KB` : `${chars} B`);
const us = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export async function run(): Promise<void> {
  let factory: MonacoModelFactory | undefined;
  let failure = '';
  try {
    factory = loadMonacoModelFactory();
  } catch (error) {
    failure = (error as Error).message.split('\n')[0];
  }
  const makeView = (session: DocumentSession) => (factory ? monacoView(factory, session) : bufferView(session, failure));
  const texts = SIZES.map((size, index) => generateText(size, createPrng(1000 + index)));
  const ours: Figures[][] = SIZES.map(() => []);
  const old: Array<Array<{ us: number; ops: number }>> = SIZES.map(() => []);
  let viewKind = '';
  // A discarded round first, so the first size measured does not pay for the JIT's warm-up; then every size once per
  // round, and per size the round with the median keystroke cost is reported.
  await measureOurs(generateText(Math.min(...SIZES), createPrng(999)), makeView, 3);
  measureOldApproach(generateText(Math.min(...SIZES), createPrng(999)), 3);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index] of SIZES.entries()) {
      const figures = await measureOurs(texts[index], makeView, 7 + index + 100 * round);
      viewKind = figures.view;
      ours[index].push(figures);
      old[index].push(measureOldApproach(texts[index], 7 + index + 100 * round));
    }
  }
  const pick = <T>(values: T[], key: (value: T) => number): T => [...values].sort((a, b) => key(a) - key(b))[values.length >> 1];
  const results = SIZES.map((size, index) => ({
    size,
    ours: { ...pick(ours[index], (f) => f.keystrokeUs), remoteUs: pick(ours[index], (f) => f.remoteUs).remoteUs, hashMs: pick(ours[index], (f) => f.hashMs).hashMs },
    old: pick(old[index], (o) => o.us),
  }));
  const rows = results.map(({ size, ours: o, old: p }) => [
    `${sizeName(size)} (${size.toLocaleString('en-US')} chars)`,
    `${us(o.keystrokeUs)} (p99 ${us(o.keystrokeP99Us)})`,
    `${us(o.remoteUs)}`,
    `${us(p.us)} (${p.ops} ops)`,
    o.hashMs.toFixed(2),
  ]);
  console.log(
    `View: ${viewKind}. Per size and round: ${OPS} keystrokes and ${OPS} remote one-character inserts (+${WARMUP} warm-up each); ` +
      `median of ${ROUNDS} round(s); server scripted in-process, not timed.`,
  );
  printTable(['document', 'ours: µs per local keystroke', 'ours: µs per remote op', 'old approach: µs per op (apply + hash)', 'ours: one debounced hash, ms'], rows);
  if (results.length > 1) {
    const first = results[0];
    const last = results[results.length - 1];
    const r = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(
      `${sizeName(last.size)} / ${sizeName(first.size)}: ours ${r(last.ours.keystrokeUs, first.ours.keystrokeUs)} per keystroke, ` +
        `${r(last.ours.remoteUs, first.ours.remoteUs)} per remote op (target within 2x); old approach ${r(last.old.us, first.old.us)}`,
    );
    console.log(`old approach / ours at ${sizeName(last.size)}: ${r(last.old.us, last.ours.keystrokeUs)} per keystroke, ${r(last.old.us, last.ours.remoteUs)} per remote op`);
  }
}
