import { randomInt } from './prng';

export type JsonOp = Array<number | string>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz     \n.,éü€😀';

export function randomText(random: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text.slice(0, length);
}

/**
 * A canonical wire operation on a document of `length` units with `regions` edit sites
 * (1 = a keystroke-like edit: retain, insert or delete, retain).
 */
export function randomOperation(random: () => number, length: number, regions: number): JsonOp {
  const cuts: number[] = [];
  for (let i = 0; i < regions; i++) cuts.push(randomInt(random, 0, length));
  cuts.sort((a, b) => a - b);
  const json: JsonOp = [];
  let pos = 0;
  const pushRetain = (n: number): void => {
    if (n <= 0) return;
    const last = json[json.length - 1];
    if (typeof last === 'number' && last > 0) json[json.length - 1] = last + n;
    else json.push(n);
  };
  for (const cut of cuts) {
    pushRetain(cut - pos);
    pos = Math.max(pos, cut);
    const roll = random();
    if (roll < 0.6 || pos === length) {
      json.push(randomText(random, randomInt(random, 1, 4)));
    } else {
      const count = Math.min(length - pos, randomInt(random, 1, 4));
      if (roll < 0.8) json.push(randomText(random, randomInt(random, 1, 3)));
      json.push(-count);
      pos += count;
    }
  }
  pushRetain(length - pos);
  return canonical(json);
}

/** Merges adjacent same-kind components (insert before delete) so both libraries start from identical input. */
function canonical(json: JsonOp): JsonOp {
  const out: JsonOp = [];
  for (const c of json) {
    const last = out[out.length - 1];
    if (typeof c === 'string' && typeof last === 'string') out[out.length - 1] = last + c;
    else if (typeof c === 'number' && typeof last === 'number' && Math.sign(c) === Math.sign(last)) out[out.length - 1] = last + c;
    else out.push(c);
  }
  return out;
}

/** Applies a wire operation to a string (reference, for building consecutive pairs). */
export function applyJson(doc: string, json: JsonOp): string {
  let out = '';
  let pos = 0;
  for (const c of json) {
    if (typeof c === 'string') out += c;
    else if (c > 0) {
      out += doc.slice(pos, pos + c);
      pos += c;
    } else pos -= c;
  }
  return out;
}
