import { searchErrors } from '../../../../domain/search/search.errors';
import { PipedProcess, ProcessRuntime, WorkspaceBox } from '../../ports/process-runtime.port';
import { runToEnd } from '../run-process';
import { ripgrepArgs, ripgrepCheckArgs, ripgrepErrorDetail } from './ripgrep-args';
import { RipgrepMatchLines, matchLineText, parseRipgrepMatch } from './ripgrep-json';
import { transcodeRipgrepMatch } from './ripgrep-match-transcoder';
import { FoundLine, SearchEnd, SearchEngine, SearchJob, SearchRun, WriteMatch } from './search-engine';
import { streamingResult } from './search-result';

const MAX_STDERR = 64 * 1024;
/** A cancelled ripgrep that has not exited after SIGTERM within this is killed. */
const KILL_AFTER_MS = 1000;

/** Searches with ripgrep (`rg --json`) run in the workspace's box, its output parsed as it streams in. */
export class RipgrepEngine implements SearchEngine {
  readonly name = 'ripgrep';

  constructor(
    private readonly runtime: ProcessRuntime,
    private readonly box: WorkspaceBox,
  ) {}

  /** Only a regular expression can be refused; ripgrep compiles it against empty input (a few milliseconds). */
  async check(job: SearchJob): Promise<string | undefined> {
    if (!job.query.isRegex) return undefined;
    const outcome = await runToEnd(this.spawn(ripgrepCheckArgs(job.query)));
    return outcome.exitCode === 2 ? searchErrors.invalidRegex(ripgrepErrorDetail(outcome.stderr)) : undefined;
  }

  start(job: SearchJob, onLine: (line: FoundLine) => void): SearchRun {
    return this.run(job, (bytes, from, to) => {
      const line = parseRipgrepMatch(matchLineText(bytes, from, to));
      if (line) onLine(line);
    });
  }

  /** Each match line is written into the batch as it is (ripgrep-match-transcoder.ts), or parsed when it cannot be. */
  stream(job: SearchJob, onMatch: (write: WriteMatch) => void): SearchRun {
    return this.run(job, (bytes, from, to) =>
      onMatch((batch, fileIdOf) => {
        if (transcodeRipgrepMatch(bytes, from, to, batch, fileIdOf)) return true;
        const line = parseRipgrepMatch(matchLineText(bytes, from, to));
        if (!line) return false;
        batch.add(streamingResult(line, fileIdOf(line.path)));
        return true;
      }),
    );
  }

  private run(job: SearchJob, onMatchLine: (bytes: Uint8Array, start: number, end: number) => void): SearchRun {
    let cancelled = false;
    let found = false;
    let stderr = '';
    // rg writes once per file with a match: spooled, its output is read in large blocks (ADR 0015).
    const child = this.spawn(ripgrepArgs(job), true);
    const lines = new RipgrepMatchLines((bytes, from, to) => {
      if (cancelled) return;
      found = true;
      onMatchLine(bytes, from, to);
    });
    child.onStdout((chunk) => {
      if (!cancelled) lines.push(chunk);
    });
    child.onStderr((chunk) => {
      if (stderr.length < MAX_STDERR) stderr += new TextDecoder().decode(chunk);
    });
    child.end();
    const finished = new Promise<SearchEnd>((resolve) => {
      child.onExit(({ exitCode }) => {
        if (!cancelled) lines.end();
        if (cancelled) resolve({ kind: 'cancelled' });
        else if (ripgrepCompleted(exitCode, found, stderr)) resolve({ kind: 'completed' });
        else resolve({ kind: 'failed', message: `ripgrep exited with ${exitCode}: ${ripgrepErrorDetail(stderr)}` });
      });
    });
    return {
      finished,
      cancel: () => {
        if (cancelled) return;
        cancelled = true;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
        void finished.then(() => clearTimeout(timer));
      },
    };
  }

  private spawn(args: string[], spoolStdout = false): PipedProcess {
    return this.runtime.spawn(this.box, 'rg', args, { cwd: this.box.rootDir, spoolStdout });
  }
}

/**
 * 0: found. 1: nothing found, quietly (--no-messages); with a message it is the runtime saying it could not start
 * rg (bubblewrap's "execvp rg: No such file or directory"), not an empty result. 2: an error, also when only some
 * file could not be read, which --no-messages keeps quiet.
 */
export function ripgrepCompleted(exitCode: number | null, found: boolean, stderr: string): boolean {
  const quiet = stderr.trim() === '';
  if (exitCode === 0) return true;
  if (exitCode === 1) return found || quiet;
  return exitCode === 2 && (found || quiet);
}
