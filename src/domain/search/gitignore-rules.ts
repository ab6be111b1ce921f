import { CompiledGlob, compileGlob, globMatches } from './glob';

interface IgnoreRule {
  readonly glob: CompiledGlob;
  /** A '!' rule: matching paths are not ignored. */
  readonly negated: boolean;
}

/**
 * The .gitignore files of a workspace (git's rules, as ripgrep applies them): each file's rules apply to the paths
 * below its directory; within a file the last matching rule decides, and a deeper file's decision beats a shallower
 * one's. Whether a directory is ignored is asked separately: the caller does not look inside an ignored directory.
 */
export class GitignoreRules {
  private readonly byDirectory = new Map<string, IgnoreRule[]>();

  /** Adds the rules of `directory/.gitignore` ('' for the root); lines that do not compile are skipped. */
  add(directory: string, text: string): void {
    const rules = parseGitignore(text);
    if (rules.length > 0) this.byDirectory.set(directory, rules);
  }

  get size(): number {
    return this.byDirectory.size;
  }

  isIgnored(path: string, isDirectory: boolean): boolean {
    if (this.byDirectory.size === 0) return false;
    for (let cut = path.lastIndexOf('/'); ; cut = path.lastIndexOf('/', cut - 1)) {
      const directory = cut < 0 ? '' : path.slice(0, cut);
      const rules = this.byDirectory.get(directory);
      if (rules) {
        const relative = cut < 0 ? path : path.slice(cut + 1);
        for (let i = rules.length - 1; i >= 0; i--) {
          if (globMatches(rules[i].glob, relative, isDirectory)) return !rules[i].negated;
        }
      }
      if (cut < 0) return false;
    }
  }
}

function parseGitignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split('\n')) {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#')) continue;
    line = trimUnescapedTrailingSpaces(line);
    let negated = false;
    if (line.startsWith('!')) {
      negated = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    if (line === '' || line === '/') continue;
    const glob = compileGlob(line, { braces: false });
    if (glob.ok) rules.push({ glob: glob.value, negated });
  }
  return rules;
}

function trimUnescapedTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && !(end > 1 && line[end - 2] === '\\')) end--;
  return line.slice(0, end);
}
