/**
 * Replays the automerge-paper editing trace (259,778 single-character edits) through our ServerDocument and through
 * ot.js's Server, each in its own child process so peak memory figures are independent. Every edit is one operation
 * [retain pos, insert/delete, retain rest] received at the current revision. Target: time ours/ot.js <= 0.2x.
 */
import { fork } from 'child_process';
import { ServerDocument } from '../src/domain/ot/server-document';
import { TextOperation } from '../src/domain/ot/text-operation';
import { type EditingTrace, loadEditingTrace, requireTraceFile, resolveTracePath } from './support/editing-trace';
import { otjs } from './support/ot-js';
import { formatMb, formatRatio, printTable } from './support/table';

const TRACE_FILE = 'automerge-paper.json.gz';
const CHILD_FLAG = '--trace-replay-child';
const SAMPLE_EVERY = 2048;

type Implementation = 'ours' | 'ot.js';

interface ReplayResult {
  readonly implementation: Implementation;
  readonly edits: number;
  readonly milliseconds: number;
  readonly baseHeap: number;
  readonly baseRss: number;
  readonly peakHeap: number;
  readonly peakRss: number;
  readonly finalLength: number;
  readonly matchesEndContent: boolean;
}

class PeakMemory {
  readonly baseHeap: number;
  readonly baseRss: number;
  peakHeap: number;
  peakRss: number;

  constructor() {
    const usage = process.memoryUsage();
    this.baseHeap = this.peakHeap = usage.heapUsed;
    this.baseRss = this.peakRss = usage.rss;
  }

  sample(): void {
    const usage = process.memoryUsage();
    if (usage.heapUsed > this.peakHeap) this.peakHeap = usage.heapUsed;
    if (usage.rss > this.peakRss) this.peakRss = usage.rss;
  }
}

function replayOurs(trace: EditingTrace, memory: PeakMemory): string {
  const doc = new ServerDocument(trace.startContent);
  const edits = trace.edits;
  for (let i = 0; i < edits.length; i++) {
    const { pos, del, ins } = edits[i];
    const op = new TextOperation().retain(pos).insert(ins).delete(del).retain(doc.length - pos - del);
    const result = doc.receive(doc.revision, op);
    if (!result.ok) throw new Error(`edit ${i}: ${result.error.message}`);
    if ((i & (SAMPLE_EVERY - 1)) === 0) memory.sample();
  }
  return doc.text;
}

function replayOtJs(trace: EditingTrace, memory: PeakMemory): string {
  const server = new otjs.Server(trace.startContent);
  const edits = trace.edits;
  for (let i = 0; i < edits.length; i++) {
    const { pos, del, ins } = edits[i];
    const op = new otjs.TextOperation().retain(pos).insert(ins).delete(del).retain(server.document.length - pos - del);
    server.receiveOperation(server.operations.length, op);
    if ((i & (SAMPLE_EVERY - 1)) === 0) memory.sample();
  }
  return server.document;
}

function replay(implementation: Implementation, file: string): ReplayResult {
  const trace = loadEditingTrace(file);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const memory = new PeakMemory();
  const start = process.hrtime.bigint();
  const text = implementation === 'ours' ? replayOurs(trace, memory) : replayOtJs(trace, memory);
  const milliseconds = Number(process.hrtime.bigint() - start) / 1e6;
  memory.sample();
  return {
    implementation,
    edits: trace.edits.length,
    milliseconds,
    baseHeap: memory.baseHeap,
    baseRss: memory.baseRss,
    peakHeap: memory.peakHeap,
    peakRss: memory.peakRss,
    finalLength: text.length,
    matchesEndContent: text === trace.endContent,
  };
}

function replayInChild(implementation: Implementation, file: string): Promise<ReplayResult> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, [CHILD_FLAG, implementation, file], {
      execArgv: ['-r', require.resolve('ts-node/register/transpile-only'), '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: ReplayResult | undefined;
    child.on('message', (message) => {
      result = message as ReplayResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`trace replay child (${implementation}) exited with code ${code}`));
    });
  });
}

export async function run(): Promise<void> {
  const file = resolveTracePath(TRACE_FILE, __dirname);
  requireTraceFile(file);
  console.log(`trace ${file}`);
  const results: ReplayResult[] = [];
  for (const implementation of ['ours', 'ot.js'] as const) results.push(await replayInChild(implementation, file));
  printTable(
    ['implementation', 'edits', 'time', 'edits/s', 'peak heap', 'heap above base', 'peak rss', 'final text'],
    results.map((r) => [
      r.implementation === 'ours' ? 'ours (ServerDocument)' : 'ot.js Server',
      r.edits.toLocaleString('en-US'),
      `${r.milliseconds.toFixed(0)} ms`,
      Math.round(r.edits / (r.milliseconds / 1000)).toLocaleString('en-US'),
      formatMb(r.peakHeap),
      formatMb(r.peakHeap - r.baseHeap),
      formatMb(r.peakRss),
      r.matchesEndContent ? `ok (${r.finalLength})` : 'MISMATCH',
    ]),
  );
  const broken = results.filter((r) => !r.matchesEndContent);
  if (broken.length > 0) {
    throw new Error(`final text differs from the trace's endContent for: ${broken.map((r) => r.implementation).join(', ')}`);
  }
  const [ours, theirs] = results;
  const ratio = ours.milliseconds / theirs.milliseconds;
  console.log(`time ours/ot.js ${formatRatio(ratio)} (target <= 0.20x): ${ratio <= 0.2 ? 'met' : 'MISSED'}`);
  console.log(`peak heap ours/ot.js ${formatRatio(ours.peakHeap / theirs.peakHeap)}, peak rss ours/ot.js ${formatRatio(ours.peakRss / theirs.peakRss)}`);
}

if (require.main === module && process.argv[2] === CHILD_FLAG) {
  const implementation = process.argv[3] as Implementation;
  const result = replay(implementation, process.argv[4]);
  process.send?.(result, () => process.exit(0));
}
