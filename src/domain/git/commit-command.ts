/** Quotes a word for bash: inside single quotes everything is literal; a quote itself is closed, escaped, reopened. */
export const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

const GIT = "git -c safe.directory='*' -c color.ui=always --literal-pathspecs";

export interface CommitCommand {
  message: string;
  /** Only these paths (with what is in them now, new files included); all changes when absent. */
  paths?: readonly string[];
  /** `git` arguments of a push to run after a successful commit. */
  push?: readonly string[];
}

/**
 * The bash command line of git/commit, run in a command shell so clients can watch it: stage (`git add -A`, limited
 * to the paths when given), commit (`-- paths` commits only those), then push when asked; each step only if the one
 * before succeeded. Git never prompts and never opens an editor.
 */
export function commitCommandLine(command: CommitCommand): string {
  const paths = command.paths && command.paths.length > 0 ? ['--', ...command.paths.map(shellQuote)].join(' ') : '';
  const steps = [
    `${GIT} add -A ${paths}`.trimEnd(),
    `${GIT} commit -m ${shellQuote(command.message)} ${paths}`.trimEnd(),
    ...(command.push ? [`${GIT} ${command.push.map(shellQuote).join(' ')}`] : []),
  ];
  return `export GIT_TERMINAL_PROMPT=0 GIT_EDITOR=true GIT_MERGE_AUTOEDIT=no; ${steps.join(' && ')}`;
}
