/**
 * A new tree node id (the client chooses the ids of what it creates, protocol.md §5): a random UUID v4.
 * `crypto.randomUUID` exists only in secure contexts, so the id is built from `getRandomValues`, which works on a
 * self-hosted server reached over plain http too.
 */
export function newNodeId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
