/** A file is dirty when the hash of its current text differs from the hash of its saved text (spec 002 §3). */
export function isDirty(contentHash: string, savedHash: string): boolean {
  return contentHash !== savedHash;
}
