import { TextOperation } from './text-operation';

/**
 * The operation turning `from` into `to`: keep the common prefix and suffix, replace the middle.
 * Used to resync a document with the server's content after a reconnect.
 */
export function diffToOperation(from: string, to: string): TextOperation {
  const max = Math.min(from.length, to.length);
  let prefix = 0;
  while (prefix < max && from.charCodeAt(prefix) === to.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from.charCodeAt(from.length - 1 - suffix) === to.charCodeAt(to.length - 1 - suffix)) suffix++;
  // never split a surrogate pair
  if (prefix > 0 && isHighSurrogate(from.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(from.charCodeAt(from.length - suffix))) suffix--;
  return new TextOperation()
    .retain(prefix)
    .delete(from.length - prefix - suffix)
    .insert(to.slice(prefix, to.length - suffix))
    .retain(suffix);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
