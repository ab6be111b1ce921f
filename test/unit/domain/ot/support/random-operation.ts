import { TextOperation } from '../../../../../src/domain/ot/text-operation';
import { CHARS } from './arbitraries';

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
