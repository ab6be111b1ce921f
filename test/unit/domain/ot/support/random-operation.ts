import { TextOperation } from '../../../../../src/domain/ot/text-operation';
import { CHARS } from './arbitraries';

/** The benchmarks' seeded PRNG (mulberry32), so tests and benches draw the same way. */
export { createPrng as seededRandom } from '../../../../../bench/support/prng';

/** A small edit like a user's: at one place, insert a few characters and/or delete a few. */
export function randomEdit(random: () => number, length: number): TextOperation {
  const at = Math.floor(random() * (length + 1));
  const deleteCount = random() < 0.4 ? Math.min(length - at, 1 + Math.floor(random() * 3)) : 0;
  let text = '';
  if (deleteCount === 0 || random() < 0.5) {
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) text += CHARS[Math.floor(random() * CHARS.length)];
  }
  return new TextOperation().retain(at).insert(text).delete(deleteCount).retain(length - at - deleteCount);
}
