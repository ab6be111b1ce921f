import { TextQuery } from '../../../../domain/search/text-query';
import { MAX_SEARCH_FILE_BYTES, SearchJob } from './search-engine';

/**
 * ripgrep's arguments for a search of the working directory: JSON lines out; hidden files searched (.env, .github)
 * but the scope's globs (which always exclude .git, node_modules and Bullpen's temporary files) decide; .gitignore
 * files honoured even outside a git repository and never above the workspace; no user configuration file; symlinks
 * not followed.
 */
export function ripgrepArgs(job: SearchJob): string[] {
  const args = ['--json', '--no-config', '--hidden', '--no-require-git', '--no-ignore-parent', '--no-messages', '--max-filesize', String(MAX_SEARCH_FILE_BYTES)];
  for (const glob of job.scope.ripgrepGlobs) args.push('--glob', glob);
  return [...args, ...patternArgs(job.query), '--', '.'];
}

/** Checks only the pattern: ripgrep reads its (closed) standard input. */
export function ripgrepCheckArgs(query: TextQuery): string[] {
  return ['--no-config', '--quiet', ...patternArgs(query), '--', '-'];
}

function patternArgs(query: TextQuery): string[] {
  const args = [query.caseSensitive ? '--case-sensitive' : '--ignore-case'];
  if (query.isRegex) args.push('--engine', 'auto');
  else args.push('--fixed-strings');
  if (query.wholeWord) args.push('--word-regexp');
  return [...args, '--regexp', query.text];
}

/**
 * The reason in ripgrep's error output, without the pattern echo: PCRE2's when both engines were tried (it accepts
 * more, so its complaint is the one that matters), else the default engine's 'error: unclosed group'.
 */
export function ripgrepErrorDetail(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const pcre2 = lines.find((l) => l.startsWith('PCRE2:'));
  if (pcre2) return pcre2.slice('PCRE2:'.length).trim();
  const error = lines.find((l) => l.startsWith('error:'));
  if (error) return error.slice('error:'.length).trim();
  return lines[lines.length - 1] ?? 'ripgrep failed';
}
