/**
 * A branch name git accepts (git-check-ref-format(1), with --branch): no leading '-', no '..', '@{', '//', no
 * space, control character or any of ~^:?*[\, no component starting with '.' or ending with '.lock', not ending
 * with '/' or '.', and not '@' alone.
 */
export function isValidBranchName(name: string): boolean {
  if (name === '' || name === '@' || name.startsWith('-') || name.startsWith('/')) return false;
  if (name.endsWith('/') || name.endsWith('.')) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//')) return false;
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}

/**
 * A revision a client may name (a branch, tag, commit hash or expression such as HEAD~1): never an option (leading
 * '-'), never a '<rev>:<path>' pair, no control characters.
 */
export function isSafeRevision(rev: string): boolean {
  return rev !== '' && !rev.startsWith('-') && !rev.includes(':') && !/[\x00-\x1f\x7f]/.test(rev);
}
