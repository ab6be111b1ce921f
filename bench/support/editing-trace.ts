import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';

/** One edit of a sequential trace: at `pos` delete `del` units, then insert `ins`. */
export interface TraceEdit {
  readonly pos: number;
  readonly del: number;
  readonly ins: string;
}

export interface EditingTrace {
  readonly startContent: string;
  readonly endContent: string;
  readonly edits: TraceEdit[];
}

interface RawTrace {
  startContent: string;
  endContent: string;
  txns: Array<{ patches: Array<[number, number, string]> }>;
}

/**
 * Resolves a trace file: BULLPEN_TRACES may name the file itself or the folder holding it;
 * by default ../../shared/editing-traces next to the repository.
 */
export function resolveTracePath(fileName: string, benchDir: string): string {
  const override = process.env.BULLPEN_TRACES;
  if (override) return override.endsWith('.json.gz') ? path.resolve(override) : path.resolve(override, fileName);
  return path.resolve(benchDir, '../../shared/editing-traces', fileName);
}

/** Fails with a clear message when the trace file is missing. */
export function requireTraceFile(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`editing trace not found: ${file} (set BULLPEN_TRACES to its file or folder)`);
}

/** Loads a josephg/editing-traces sequential trace (gzip JSON) and flattens its patches in order. */
export function loadEditingTrace(file: string): EditingTrace {
  requireTraceFile(file);
  const raw = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as RawTrace;
  const edits: TraceEdit[] = [];
  for (const txn of raw.txns) for (const [pos, del, ins] of txn.patches) edits.push({ pos, del, ins });
  return { startContent: raw.startContent, endContent: raw.endContent, edits };
}
