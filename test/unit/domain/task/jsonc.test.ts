import { parseJsonc } from '../../../../src/domain/task/jsonc';

describe('parseJsonc', () => {
  it('reads JSON like JSON.parse', () => {
    const text = '{"a": [1, -2.5e3, true, false, null], "b": {"c": "d\\n\\u00e9\\"\\\\/"}}';
    expect(parseJsonc(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('allows comments, trailing commas and a byte order mark', () => {
    const text = '\ufeff{\n  // a line comment\n  "a": [1, 2,], /* a block\n comment */\n  "b": 3,\n}';
    expect(parseJsonc(text)).toEqual({ ok: true, value: { a: [1, 2], b: 3 } });
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const parsed = parseJsonc('{"__proto__": {"polluted": true}}');
    expect(parsed.ok && Object.keys(parsed.value as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{\n  "a": 1\n  "b": 2\n}', "Expected ',' or '}' but found '\"'", 3, 3],
    ['{"a": }', "Expected a value but found '}'", 1, 7],
    ['{"a": 1', "Expected ',' or '}' but found the end of the file", 1, 8],
    ["{'a': 1}", 'Expected a property name in double quotes but found \'\'\'', 1, 2],
    ['{"a": \'x\'}', 'Strings must use double quotes', 1, 7],
    ['{"a": "x\n"}', 'Unterminated string', 1, 7],
    // jsonc-parser (VS Code's) places an error inside a string at the string's start
    ['{"a": "\\q"}', 'Invalid escape sequence in a string', 1, 7],
    ['{"a" 1}', 'Expected \':\' after the property name "a" but found \'1\'', 1, 6],
    ['[1', "Expected ',' or ']' but found the end of the file", 1, 3],
    ['[1,', 'Expected a value but found the end of the file', 1, 4],
    ['{ "tasks": {\n', 'Expected a property name in double quotes but found the end of the file', 2, 1],
    ['{"a": 1,,}', "Expected a property name in double quotes but found ','", 1, 9],
    ['{"a": tru}', "Expected a value but found 't'", 1, 7],
    ['[1] 2', "Unexpected '2' after the end of the JSON value", 1, 5],
    ['/* open', 'Unterminated comment', 1, 1],
    ['', 'Expected a value but found the end of the file', 1, 1],
  ])('reports %j with its line and column', (text, message, line, column) => {
    const parsed = parseJsonc(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect({ message: parsed.error.message, line: parsed.error.line, column: parsed.error.column }).toEqual({ message, line, column });
  });

  it('reads control characters inside strings leniently, and the last of two equal keys', () => {
    expect(parseJsonc('{"a": "x\ty", "b": 1, "a": 2}')).toEqual({ ok: true, value: { a: 2, b: 1 } });
  });

  it('refuses nesting that would exhaust the stack', () => {
    const parsed = parseJsonc('['.repeat(10_000));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toBe('Nesting deeper than 128 levels');
    expect(parseJsonc('{"a": '.repeat(1_000_000))).toMatchObject({ ok: false, error: { message: 'Nesting deeper than 128 levels', column: 6 * 128 + 1 } });
  });

  it('reads 128 levels of nesting, refusing the 129th at its bracket', () => {
    expect(parseJsonc(`${'['.repeat(128)}${']'.repeat(128)}`).ok).toBe(true);
    expect(parseJsonc(`// deep\n${'['.repeat(129)}${']'.repeat(129)}`)).toMatchObject({ ok: false, error: { line: 2, column: 129 } });
  });
});
