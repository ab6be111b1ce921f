import { GitignoreRules } from '../../../../domain/search/gitignore-rules';
import { findLineMatches } from '../../../../domain/search/line-matches';
import { TextMatcher, compileTextQuery } from '../../../../domain/search/text-query';
import { basename, dirname } from '../../../../domain/fs/workspace-path';
import { DiskEntry, FileContent, ReadLimits, WorkspaceFiles } from '../../ports/workspace-files.port';
import { FoundLine, MAX_SEARCH_FILE_BYTES, SearchEnd, SearchEngine, SearchJob, SearchRun } from './search-engine';

const LIMITS: ReadLimits = { maxTextCharacters: MAX_SEARCH_FILE_BYTES, maxBinaryBytes: MAX_SEARCH_FILE_BYTES };
/** Files read at once. */
const CONCURRENCY = 8;
/** A worker that kept the event loop this long yields before its next file. */
const SLICE_MS = 20;

/**
 * The built-in engine, for workspaces without ripgrep: walks the disk (WorkspaceFiles.scan: .git and Bullpen's
 * temporary files are never listed, node_modules is not entered), applies the scope's globs and the .gitignore files
 * as ripgrep does, reads files a few at a time, skips binary (a NUL byte) and huge ones, and matches with JavaScript
 * regular expressions line by line. It yields to the event loop between files.
 */
export class NodeSearchEngine implements SearchEngine {
  readonly name = 'node';

  constructor(private readonly files: WorkspaceFiles) {}

  async check(job: SearchJob): Promise<string | undefined> {
    const compiled = compileTextQuery(job.query);
    return compiled.ok ? undefined : compiled.error;
  }

  start(job: SearchJob, onLine: (line: FoundLine) => void): SearchRun {
    let cancelled = false;
    const finished = (async (): Promise<SearchEnd> => {
      const matcher = compileTextQuery(job.query);
      if (!matcher.ok) return { kind: 'failed', message: matcher.error };
      const entries = await this.files.scan();
      if (cancelled) return { kind: 'cancelled' };
      const targets = selectFiles(job, entries, await this.gitignoreRules(entries));
      let next = 0;
      const worker = async (): Promise<void> => {
        let sliceStart = Date.now();
        while (!cancelled && next < targets.length) {
          const path = targets[next++];
          const text = textOf(await this.files.read(path, LIMITS));
          if (cancelled || text === undefined) continue;
          for (const line of findLineMatches(text, matcher.value as TextMatcher)) {
            if (cancelled) break;
            onLine({ path, ...line });
          }
          if (Date.now() - sliceStart > SLICE_MS) {
            await new Promise((resolve) => setTimeout(resolve, 0));
            sliceStart = Date.now();
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return cancelled ? { kind: 'cancelled' } : { kind: 'completed' };
    })().catch((error: unknown): SearchEnd => ({ kind: 'failed', message: (error as Error).message }));
    return {
      finished,
      cancel: () => {
        cancelled = true;
      },
    };
  }

  /** Every .gitignore of the workspace (before any file is judged: a .gitignore also rules over its siblings). */
  private async gitignoreRules(entries: readonly DiskEntry[]): Promise<GitignoreRules> {
    const rules = new GitignoreRules();
    for (const entry of entries) {
      if (entry.type !== 'file' || basename(entry.path) !== '.gitignore') continue;
      const text = textOf(await this.files.read(entry.path, LIMITS));
      if (text !== undefined) rules.add(dirname(entry.path), text);
    }
    return rules;
  }
}

/**
 * The files to search, as ripgrep's walk picks them: the scope's globs first (the last matching one decides), then
 * .gitignore; nothing inside a left-out directory. `entries` lists parents before children.
 */
export function selectFiles(job: SearchJob, entries: readonly DiskEntry[], ignores: GitignoreRules): string[] {
  const pruned = new Set<string>();
  const out: string[] = [];
  for (const entry of entries) {
    const isDirectory = entry.type === 'directory';
    const parent = dirname(entry.path);
    if (parent !== '' && pruned.has(parent)) {
      if (isDirectory) pruned.add(entry.path);
      continue;
    }
    const decision = job.scope.decide(entry.path, isDirectory);
    const skip = decision === 'exclude' || (decision === undefined && ignores.isIgnored(entry.path, isDirectory));
    if (isDirectory) {
      if (skip) pruned.add(entry.path);
    } else if (!skip) out.push(entry.path);
  }
  return out;
}

/** A file's text: UTF-8 text as read; other bytes without a NUL decoded with replacement characters; else none. */
function textOf(read: Awaited<ReturnType<WorkspaceFiles['read']>>): string | undefined {
  if (!read.ok) return undefined;
  const content: FileContent = read.value;
  if (content.kind === 'text') return content.text;
  if (content.kind === 'binary' && !content.bytes.includes(0)) return new TextDecoder().decode(content.bytes);
  return undefined;
}
