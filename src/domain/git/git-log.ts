import { GitCommit } from './git-status';

const FIELD = '\x1f';

/** The `--format` of `git log -z` that parseLog reads: hash, author date (ISO 8601), author, then the message. */
export const LOG_FORMAT = ['%H', '%aI', '%an', '%B'].join('%x1f');

/** Parses `git log -z --format=LOG_FORMAT`: commits end with NUL, the message (trimmed) comes last. */
export function parseLog(output: string): GitCommit[] {
  const commits: GitCommit[] = [];
  for (const record of output.split('\0')) {
    const text = record.replace(/^\n+/, '');
    if (text === '') continue;
    const parts = text.split(FIELD);
    if (parts.length < 4) continue;
    const [hash, date, author, ...message] = parts;
    commits.push({ hash, date, author, message: message.join(FIELD).trim() });
  }
  return commits;
}
