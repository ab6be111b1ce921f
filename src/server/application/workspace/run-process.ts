import { PipedProcess } from '../ports/process-runtime.port';

export interface ProcessOutcome {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** Collects a piped process's output until it exits (for short commands such as git's). */
export function runToEnd(child: PipedProcess, input?: string | Uint8Array): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const out: Uint8Array[] = [];
    const err: Uint8Array[] = [];
    child.onStdout((chunk) => out.push(chunk));
    child.onStderr((chunk) => err.push(chunk));
    child.onExit(({ exitCode, signal }) => resolve({ exitCode, signal, stdout: decode(out), stderr: decode(err) }));
    if (input !== undefined) child.write(input);
    child.end();
  });
}

function decode(chunks: Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}
