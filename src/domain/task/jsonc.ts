import { createScanner, printParseErrorCode, visit } from 'jsonc-parser';
import { Result, err, ok } from '../../base/result';

/** Where and why a JSON text could not be parsed (line and column count from 1). */
export interface JsoncError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

/** Nesting deeper than this is refused rather than risking the stack. */
export const MAX_JSONC_DEPTH = 128;

/**
 * Parses JSON with comments (`//`, `/* *\/`) and trailing commas, as VS Code and CodeSandbox read their
 * configuration files, and reports the first error with its position. The scanning and parsing are Microsoft's
 * `jsonc-parser` (the one VS Code uses); this module builds the value (a `"__proto__"` key stays an ordinary key),
 * bounds the nesting, and words the first error.
 */
export function parseJsonc(text: string): Result<unknown, JsoncError> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const tooDeep = offsetTooDeep(source);
  if (tooDeep !== undefined) return err(locate(source, `Nesting deeper than ${MAX_JSONC_DEPTH} levels`, tooDeep));
  const builder = new ValueBuilder(source);
  visit(source, builder.visitor, { allowTrailingComma: true, allowEmptyContent: false, disallowComments: false });
  return builder.failure ? err(builder.failure) : ok(builder.value);
}

/**
 * Where the first bracket or brace past MAX_JSONC_DEPTH levels opens, if one does (jsonc-parser's parser recurses
 * once per level, so this is checked first with its scanner, which does not).
 */
function offsetTooDeep(text: string): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  // Every token but the end of the text is at least one character long.
  for (scanner.scan(); scanner.getTokenOffset() < text.length; scanner.scan()) {
    if (scanner.getTokenLength() !== 1) continue;
    const offset = scanner.getTokenOffset();
    const char = text[offset];
    if (char === '{' || char === '[') {
      if (++depth > MAX_JSONC_DEPTH) return offset;
    } else if (char === '}' || char === ']') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** What the parser expects next inside one object or array (named, for the error's wording). */
type Expecting = 'key' | 'colon' | 'value' | 'separator';

interface Frame {
  readonly container: Record<string, unknown> | unknown[];
  expecting: Expecting;
  key: string;
}

/** Builds the value from jsonc-parser's visitor callbacks and words the first error it reports. */
class ValueBuilder {
  value: unknown;
  failure: JsoncError | undefined;
  private readonly stack: Frame[] = [];
  /** Whether the top-level value has been read. */
  private done = false;
  /**
   * The frame the parser just ended without its closing character (it reports the missing '}' or ']' right after
   * ending the object or array): that error is worded from what the frame expected.
   */
  private unclosed: Frame | undefined;

  constructor(private readonly text: string) {}

  readonly visitor = {
    onObjectBegin: () => this.open({}),
    onArrayBegin: () => this.open([]),
    onObjectEnd: (offset: number) => this.close(offset, '}'),
    onArrayEnd: (offset: number) => this.close(offset, ']'),
    onObjectProperty: (property: string) => {
      const top = this.stack[this.stack.length - 1];
      top.key = property;
      top.expecting = 'colon';
    },
    onSeparator: (character: string) => {
      const top = this.stack[this.stack.length - 1];
      if (top === undefined) return;
      if (character === ':') top.expecting = 'value';
      else if (character === ',') top.expecting = Array.isArray(top.container) ? 'value' : 'key';
    },
    onLiteralValue: (value: unknown) => this.add(value),
    onError: (code: number, offset: number) => this.fail(code, offset),
  };

  private open(container: Frame['container']): void {
    this.add(container);
    this.stack.push({ container, expecting: Array.isArray(container) ? 'value' : 'key', key: '' });
  }

  private close(offset: number, closing: '}' | ']'): void {
    const frame = this.stack.pop();
    this.unclosed = this.text[offset] === closing ? undefined : frame;
    if (this.stack.length === 0) this.done = true;
  }

  private add(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.value = value;
      if (typeof value !== 'object' || value === null) this.done = true;
      return;
    }
    if (Array.isArray(top.container)) top.container.push(value);
    else Object.defineProperty(top.container, top.key, { value, enumerable: true, writable: true, configurable: true });
    top.expecting = 'separator';
  }

  private fail(code: number, offset: number): void {
    if (this.failure !== undefined) return;
    const message = this.describeError(printParseErrorCode(code), offset);
    if (message !== undefined) this.failure = locate(this.text, message, offset);
  }

  /** The first error's wording; undefined for what is read leniently (a control character inside a string). */
  private describeError(code: ReturnType<typeof printParseErrorCode>, offset: number): string | undefined {
    const found = this.describe(offset);
    const unclosed = code === 'CloseBraceExpected' || code === 'CloseBracketExpected' ? this.unclosed : undefined;
    const top = unclosed ?? this.stack[this.stack.length - 1];
    const expecting: Expecting | 'end' = top === undefined ? (this.done ? 'end' : 'value') : top.expecting;
    switch (code) {
      case 'InvalidCharacter':
        return undefined;
      case 'UnexpectedEndOfComment':
      case 'InvalidCommentToken':
        return 'Unterminated comment';
      case 'UnexpectedEndOfString':
        return 'Unterminated string';
      case 'InvalidEscapeCharacter':
      case 'InvalidUnicode':
        return 'Invalid escape sequence in a string';
      case 'InvalidNumberFormat':
      case 'UnexpectedEndOfNumber':
        return 'Invalid number';
    }
    // A structural error (a symbol, a missing name, value, ':' or ',', or text after the end): what was expected there.
    switch (expecting) {
      case 'end':
        return `Unexpected ${found} after the end of the JSON value`;
      case 'key':
        return `Expected a property name in double quotes but found ${found}`;
      case 'colon':
        return `Expected ':' after the property name ${JSON.stringify(top?.key ?? '')} but found ${found}`;
      case 'value':
        return this.text[offset] === "'" ? 'Strings must use double quotes' : `Expected a value but found ${found}`;
      case 'separator':
        return `Expected ',' or '${Array.isArray(top?.container) ? ']' : '}'}' but found ${found}`;
    }
  }

  private describe(offset: number): string {
    return offset >= this.text.length ? 'the end of the file' : `'${this.text[offset]}'`;
  }
}

function locate(text: string, message: string, offset: number): JsoncError {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { message, offset, line, column: offset - lineStart + 1 };
}
