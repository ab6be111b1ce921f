/**
 * UTF-8 byte length of `text.slice(start, end)` without encoding it: search results give ripgrep's byte offsets
 * (protocol.md §3 fs/search), and JavaScript strings count UTF-16 code units. A lone surrogate counts 3 bytes (it
 * would be encoded as U+FFFD).
 */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
