import { TextOperation } from '../../../../../src/domain/ot/text-operation';
import { CHARS } from './arbitraries';

/** The benchmarks' seeded PRNG (mulberry32), so tests and benches draw the same way. */
export { createPrng as seededRandom } from '../../../../../bench/support/prng';

const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * A small edit like a user's on `text`: at one place, insert a few characters and/or delete a few. Like an editor,
 * it never puts a boundary inside a surrogate pair (the server refuses such edits).
 */
export function randomEdit(random: () => number, text: string): TextOperation {
  const length = text.length;
  const boundary = (at: number) => (at > 0 && at < length && isLow(text.charCodeAt(at)) ? at + 1 : at);
  const at = boundary(Math.floor(random() * (length + 1)));
  const end = random() < 0.4 ? boundary(Math.min(length, at + 1 + Math.floor(random() * 3))) : at;
  const deleteCount = end - at;
  let insert = '';
  if (deleteCount === 0 || random() < 0.5) {
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) insert += CHARS[Math.floor(random() * CHARS.length)];
  }
  return new TextOperation().retain(at).insert(insert).delete(deleteCount).retain(length - at - deleteCount);
}
