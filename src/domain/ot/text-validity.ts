import { type Result, err, ok } from '../../base/result';
import { type TextValidityError, textValidityErrors } from './text-validity.errors';
import { TextOperation } from './text-operation';

/**
 * Documents travel as msgpack strings (UTF-8) and are stored as UTF-8 files, so only well-formed UTF-16 without
 * NUL round-trips exactly: a lone surrogate becomes U+FFFD for some decoders and not others, and a NUL makes the
 * file binary on its next read. These rules keep every text document well-formed: such text is refused, never
 * silently altered.
 */

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** The offset of the first NUL or unpaired surrogate in `text`, or -1 when it is well-formed. */
export function findInvalidCharacter(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return i;
    if (isHigh(code)) {
      if (i + 1 < text.length && isLow(text.charCodeAt(i + 1))) i++;
      else return i;
    } else if (isLow(code)) {
      return i;
    }
  }
  return -1;
}

/** Checks that `text` can be stored as a text document. */
export function checkText(text: string): Result<void, TextValidityError> {
  const at = findInvalidCharacter(text);
  return at < 0 ? ok(undefined) : err(textValidityErrors.invalidCharacter(at, text.charCodeAt(at)));
}

/**
 * Checks that applying `op` to a well-formed document keeps it well-formed: every insert is well-formed and no
 * edit starts or ends between the two halves of a surrogate pair. `codeAt(i)` reads the document (before `op`).
 */
export function checkOperation(op: TextOperation, codeAt: (index: number) => number): Result<void, TextValidityError> {
  /** Where the edit is in the document before it (splits are reported there)… */
  let index = 0;
  /** …and in the text after it (where a refused character would have been). */
  let edited = 0;
  const splits = (at: number): boolean => at > 0 && at < op.baseLength && isHigh(codeAt(at - 1)) && isLow(codeAt(at));
  for (const component of op.ops) {
    if (typeof component === 'string') {
      const bad = findInvalidCharacter(component);
      if (bad >= 0) return err(textValidityErrors.invalidCharacter(edited + bad, component.charCodeAt(bad)));
      if (splits(index)) return err(textValidityErrors.splitsPair(index));
      edited += component.length;
    } else if (component > 0) {
      index += component;
      edited += component;
    } else {
      if (splits(index)) return err(textValidityErrors.splitsPair(index));
      index -= component;
      if (splits(index)) return err(textValidityErrors.splitsPair(index));
    }
  }
  return ok(undefined);
}

/**
 * A local edit with the characters a text document cannot hold removed from its inserts: `operation` is what may be
 * sent, `correction` (applied after the original edit) turns the editor's text into `operation`'s result.
 * Returns undefined when the edit's inserts are all well-formed.
 */
export function stripInvalidInserts(op: TextOperation): { operation: TextOperation; correction: TextOperation } | undefined {
  if (op.ops.every((c) => typeof c !== 'string' || findInvalidCharacter(c) < 0)) return undefined;
  const operation = new TextOperation();
  const correction = new TextOperation();
  for (const component of op.ops) {
    if (typeof component !== 'string') {
      if (component > 0) {
        operation.retain(component);
        correction.retain(component);
      } else {
        operation.delete(-component);
      }
      continue;
    }
    let kept = '';
    for (let i = 0; i < component.length; i++) {
      const code = component.charCodeAt(i);
      const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < component.length && isLow(component.charCodeAt(i + 1));
      if (pair) {
        kept += component.slice(i, i + 2);
        correction.retain(2);
        i++;
      } else if (code === 0 || isHigh(code) || isLow(code)) {
        correction.delete(1);
      } else {
        kept += component[i];
        correction.retain(1);
      }
    }
    operation.insert(kept);
  }
  return { operation, correction };
}
