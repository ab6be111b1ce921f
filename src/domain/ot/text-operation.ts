import { assert, AssertionError } from '../../base/assert';
import { type Result, err, ok } from '../../base/result';
import { type OtError, otErrors } from './text-operation.errors';

/**
 * Wire form of an operation (protocol.md 4.1): positive integer = retain, string = insert,
 * negative integer = delete. Lengths are UTF-16 code units.
 */
export type JsonTextOperation = Array<number | string>;

type Component = number | string;

/*
 * Canonical appenders shared by the builders and the hot loops of compose/transform.
 * Canonical form: adjacent components of the same kind merged, an adjacent insert/delete pair written insert first.
 * `n` is always a positive integer here.
 */

function appendRetain(ops: Component[], n: number): void {
  const last = ops.length - 1;
  if (last >= 0) {
    const previous = ops[last];
    if (typeof previous === 'number' && previous > 0) {
      ops[last] = previous + n;
      return;
    }
  }
  ops.push(n);
}

function appendInsert(ops: Component[], text: string): void {
  const count = ops.length;
  if (count > 0) {
    const previous = ops[count - 1];
    if (typeof previous === 'string') {
      ops[count - 1] = previous + text;
      return;
    }
    if (previous < 0) {
      // Insert goes before the trailing delete, merging with an insert in front of it.
      if (count > 1) {
        const beforeDelete = ops[count - 2];
        if (typeof beforeDelete === 'string') {
          ops[count - 2] = beforeDelete + text;
          return;
        }
      }
      ops[count - 1] = text;
      ops.push(previous);
      return;
    }
  }
  ops.push(text);
}

function appendDelete(ops: Component[], n: number): void {
  const last = ops.length - 1;
  if (last >= 0) {
    const previous = ops[last];
    if (typeof previous === 'number' && previous < 0) {
      ops[last] = previous - n;
      return;
    }
  }
  ops.push(-n);
}

function brokenInvariant(where: string): never {
  throw new AssertionError(`TextOperation.${where}: components do not cover the base length (ops array mutated?)`);
}

/** Describes a JSON element for error messages without ever throwing. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > 20 ? `${JSON.stringify(value.slice(0, 20))}…` : JSON.stringify(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return 'undefined';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * A text operation compatible with ot.js 0.0.15: same flat component array, canonical form and tie-breaks.
 * Instances built by this module are always canonical; `ops` must not be mutated from outside.
 */
export class TextOperation {
  readonly ops: Array<number | string> = [];
  private base = 0;
  private target = 0;

  /** Length of every document this operation applies to. */
  get baseLength(): number {
    return this.base;
  }

  /** Length of the document after applying this operation. */
  get targetLength(): number {
    return this.target;
  }

  static isRetain(component: unknown): component is number {
    return typeof component === 'number' && component > 0;
  }

  static isInsert(component: unknown): component is string {
    return typeof component === 'string';
  }

  static isDelete(component: unknown): component is number {
    return typeof component === 'number' && component < 0;
  }

  /** Keeps `n` characters (non-negative integer; 0 is a no-op). */
  retain(n: number): this {
    assert(Number.isInteger(n) && n >= 0, `retain expects a non-negative integer, got ${describe(n)}`);
    if (n === 0) return this;
    this.base += n;
    this.target += n;
    appendRetain(this.ops, n);
    return this;
  }

  /** Inserts `text` at the cursor ('' is a no-op). */
  insert(text: string): this {
    assert(typeof text === 'string', `insert expects a string, got ${describe(text)}`);
    if (text.length === 0) return this;
    this.target += text.length;
    appendInsert(this.ops, text);
    return this;
  }

  /** Deletes `n` characters; as in ot.js a negative count or a string (its length) is accepted. */
  delete(n: number | string): this {
    const count = typeof n === 'string' ? n.length : Math.abs(n);
    assert(Number.isInteger(count), `delete expects an integer or a string, got ${describe(n)}`);
    if (count === 0) return this;
    this.base += count;
    appendDelete(this.ops, count);
    return this;
  }

  /** True when applying the operation changes nothing. */
  isNoop(): boolean {
    const ops = this.ops;
    return ops.length === 0 || (ops.length === 1 && typeof ops[0] === 'number' && ops[0] > 0);
  }

  equals(other: TextOperation): boolean {
    if (this.base !== other.base || this.target !== other.target) return false;
    const a = this.ops;
    const b = other.ops;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== b[i]) return false;
    }
    return true;
  }

  /** Applies the operation to `doc`, which must be exactly `baseLength` code units long. */
  apply(doc: string): Result<string, OtError> {
    if (doc.length !== this.base) return err(otErrors.baseLengthMismatch(this.base, doc.length));
    const ops = this.ops;
    let result = '';
    let index = 0;
    for (let i = 0; i < ops.length; i++) {
      const c = ops[i];
      if (typeof c === 'string') {
        result += c;
      } else if (c > 0) {
        result += doc.slice(index, index + c);
        index += c;
      } else {
        index -= c;
      }
    }
    if (index !== doc.length) brokenInvariant('apply');
    return ok(result);
  }

  /**
   * The operation that undoes this one, given the document it was applied to.
   * `doc` must have the base length (a mismatch is a broken invariant and throws).
   */
  invert(doc: string): TextOperation {
    assert(doc.length === this.base, `invert needs the operation's base document (base length ${this.base}, document length ${doc.length})`);
    const inverse = new TextOperation();
    const ops = this.ops;
    let index = 0;
    for (let i = 0; i < ops.length; i++) {
      const c = ops[i];
      if (typeof c === 'string') {
        inverse.delete(c.length);
      } else if (c > 0) {
        inverse.retain(c);
        index += c;
      } else {
        inverse.insert(doc.slice(index, index - c));
        index -= c;
      }
    }
    return inverse;
  }

  /** The single operation equivalent to applying `this` then `other`. */
  compose(other: TextOperation): Result<TextOperation, OtError> {
    if (this.target !== other.base) return err(otErrors.composeLengthMismatch(this.target, other.base));
    const composed = new TextOperation();
    composed.base = this.base;
    composed.target = other.target;
    const out = composed.ops;
    const ops1 = this.ops;
    const ops2 = other.ops;
    const n1 = ops1.length;
    const n2 = ops2.length;
    let i1 = 0;
    let i2 = 0;
    let c1: Component | undefined = n1 > 0 ? ops1[i1++] : undefined;
    let c2: Component | undefined = n2 > 0 ? ops2[i2++] : undefined;
    for (;;) {
      if (typeof c1 === 'number' && c1 < 0) {
        appendDelete(out, -c1);
        c1 = i1 < n1 ? ops1[i1++] : undefined;
        continue;
      }
      if (typeof c2 === 'string') {
        appendInsert(out, c2);
        c2 = i2 < n2 ? ops2[i2++] : undefined;
        continue;
      }
      if (c1 === undefined) {
        if (c2 === undefined) break;
        brokenInvariant('compose');
      }
      if (c2 === undefined) brokenInvariant('compose');
      if (typeof c1 === 'number') {
        if (c2 > 0) {
          // retain / retain
          if (c1 > c2) {
            appendRetain(out, c2);
            c1 -= c2;
            c2 = i2 < n2 ? ops2[i2++] : undefined;
          } else {
            appendRetain(out, c1);
            if (c1 === c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
            else c2 -= c1;
            c1 = i1 < n1 ? ops1[i1++] : undefined;
          }
        } else if (c1 > -c2) {
          // retain / delete
          appendDelete(out, -c2);
          c1 += c2;
          c2 = i2 < n2 ? ops2[i2++] : undefined;
        } else {
          appendDelete(out, c1);
          if (c1 === -c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
          else c2 += c1;
          c1 = i1 < n1 ? ops1[i1++] : undefined;
        }
      } else if (c2 > 0) {
        // insert / retain
        const length = c1.length;
        if (length > c2) {
          appendInsert(out, c1.slice(0, c2));
          c1 = c1.slice(c2);
          c2 = i2 < n2 ? ops2[i2++] : undefined;
        } else {
          appendInsert(out, c1);
          if (length === c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
          else c2 -= length;
          c1 = i1 < n1 ? ops1[i1++] : undefined;
        }
      } else {
        // insert / delete: the inserted text never reaches the result
        const length = c1.length;
        if (length > -c2) {
          c1 = c1.slice(-c2);
          c2 = i2 < n2 ? ops2[i2++] : undefined;
        } else {
          if (length === -c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
          else c2 += length;
          c1 = i1 < n1 ? ops1[i1++] : undefined;
        }
      }
    }
    return ok(composed);
  }

  /**
   * Classic ot.js transform: for concurrent `a` and `b` on the same document returns `[a', b']` with
   * apply(apply(doc, a), b') === apply(apply(doc, b), a'). When both insert at the same offset, `a`'s text goes first.
   */
  static transform(a: TextOperation, b: TextOperation): Result<[TextOperation, TextOperation], OtError> {
    if (a.base !== b.base) return err(otErrors.transformLengthMismatch(a.base, b.base));
    const aPrime = new TextOperation();
    const bPrime = new TextOperation();
    const out1 = aPrime.ops;
    const out2 = bPrime.ops;
    const ops1 = a.ops;
    const ops2 = b.ops;
    const n1 = ops1.length;
    const n2 = ops2.length;
    let i1 = 0;
    let i2 = 0;
    let c1: Component | undefined = n1 > 0 ? ops1[i1++] : undefined;
    let c2: Component | undefined = n2 > 0 ? ops2[i2++] : undefined;
    let target = 0;
    for (;;) {
      if (typeof c1 === 'string') {
        appendInsert(out1, c1);
        appendRetain(out2, c1.length);
        target += c1.length;
        c1 = i1 < n1 ? ops1[i1++] : undefined;
        continue;
      }
      if (typeof c2 === 'string') {
        appendRetain(out1, c2.length);
        appendInsert(out2, c2);
        target += c2.length;
        c2 = i2 < n2 ? ops2[i2++] : undefined;
        continue;
      }
      if (c1 === undefined) {
        if (c2 === undefined) break;
        brokenInvariant('transform');
      }
      if (c2 === undefined) brokenInvariant('transform');
      if (c1 > 0) {
        if (c2 > 0) {
          // retain / retain
          let min: number;
          if (c1 > c2) {
            min = c2;
            c1 -= c2;
            c2 = i2 < n2 ? ops2[i2++] : undefined;
          } else {
            min = c1;
            if (c1 === c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
            else c2 -= c1;
            c1 = i1 < n1 ? ops1[i1++] : undefined;
          }
          appendRetain(out1, min);
          appendRetain(out2, min);
          target += min;
        } else {
          // retain / delete: only b' deletes
          let min: number;
          if (c1 > -c2) {
            min = -c2;
            c1 += c2;
            c2 = i2 < n2 ? ops2[i2++] : undefined;
          } else {
            min = c1;
            if (c1 === -c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
            else c2 += c1;
            c1 = i1 < n1 ? ops1[i1++] : undefined;
          }
          appendDelete(out2, min);
        }
      } else if (c2 > 0) {
        // delete / retain: only a' deletes
        let min: number;
        if (-c1 > c2) {
          min = c2;
          c1 += c2;
          c2 = i2 < n2 ? ops2[i2++] : undefined;
        } else {
          min = -c1;
          if (-c1 === c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
          else c2 += c1;
          c1 = i1 < n1 ? ops1[i1++] : undefined;
        }
        appendDelete(out1, min);
      } else if (c1 < c2) {
        // delete / delete: both removed the same text; a deletes more
        c1 -= c2;
        c2 = i2 < n2 ? ops2[i2++] : undefined;
      } else {
        if (c1 === c2) c2 = i2 < n2 ? ops2[i2++] : undefined;
        else c2 -= c1;
        c1 = i1 < n1 ? ops1[i1++] : undefined;
      }
    }
    aPrime.base = b.target;
    bPrime.base = a.target;
    aPrime.target = target;
    bPrime.target = target;
    return ok([aPrime, bPrime]);
  }

  /** The canonical wire form (a copy of `ops`). */
  toJSON(): JsonTextOperation {
    return this.ops.slice();
  }

  /**
   * Decodes and canonicalises a wire operation. Accepts what ot.js 0.0.15 accepts where the result is a valid
   * operation: an empty insert and a zero retain are dropped as no-ops. Anything else malformed is an error naming
   * the bad element.
   */
  static fromJSON(json: unknown): Result<TextOperation, OtError> {
    if (!Array.isArray(json)) {
      return err(otErrors.malformedOperation(`expected an array of integers and strings, got ${describe(json)}`));
    }
    const operation = new TextOperation();
    for (let i = 0; i < json.length; i++) {
      const c: unknown = json[i];
      if (typeof c === 'string') {
        if (c.length === 0) continue; // ot.js: insert('') is a no-op
        operation.target += c.length;
        appendInsert(operation.ops, c);
      } else if (typeof c === 'number') {
        if (!Number.isInteger(c)) return err(otErrors.malformedOperation(`element ${i} must be an integer, got ${describe(c)}`));
        if (!Number.isSafeInteger(c)) return err(otErrors.malformedOperation(`element ${i} is outside the safe integer range (${c})`));
        if (c > 0) {
          operation.base += c;
          operation.target += c;
          appendRetain(operation.ops, c);
        } else if (c < 0) {
          operation.base -= c;
          appendDelete(operation.ops, -c);
        } // 0 (and -0): a no-op, as retain(0) in ot.js
      } else {
        return err(otErrors.malformedOperation(`element ${i} must be an integer or a string, got ${describe(c)}`));
      }
    }
    if (!Number.isSafeInteger(operation.base) || !Number.isSafeInteger(operation.target)) {
      return err(otErrors.malformedOperation('total length is outside the safe integer range'));
    }
    return ok(operation);
  }

  /** Debug form, e.g. `retain 5, insert " world"`. */
  toString(): string {
    return this.ops
      .map((c) => (typeof c === 'string' ? `insert ${JSON.stringify(c)}` : c > 0 ? `retain ${c}` : `delete ${-c}`))
      .join(', ');
  }
}
