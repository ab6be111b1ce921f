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
 * configuration files, and reports the first error with its position.
 */
export function parseJsonc(text: string): Result<unknown, JsoncError> {
  const parser = new JsoncParser(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    const value = parser.document();
    return ok(value);
  } catch (error) {
    if (error instanceof JsoncFailure) return err(parser.locate(error.message, error.offset));
    throw error;
  }
}

class JsoncFailure {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

class JsoncParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.value(0);
    this.skip();
    if (this.pos < this.text.length) this.fail(`Unexpected ${this.describe()} after the end of the JSON value`);
    return value;
  }

  locate(message: string, offset: number): JsoncError {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < this.text.length; i++) {
      if (this.text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return { message, offset, line, column: offset - lineStart + 1 };
  }

  private value(depth: number): unknown {
    if (depth > MAX_JSONC_DEPTH) this.fail(`Nesting deeper than ${MAX_JSONC_DEPTH} levels`);
    this.skip();
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return literal;
      }
    }
    if (c === "'") this.fail('Strings must use double quotes');
    return this.fail(`Expected a value but found ${this.describe()}`);
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.pos++; // {
    for (;;) {
      this.skip();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return out;
      }
      if (this.text[this.pos] !== '"') this.fail(`Expected a property name in double quotes but found ${this.describe()}`);
      const key = this.string();
      this.skip();
      if (this.text[this.pos] !== ':') this.fail(`Expected ':' after the property name "${key}" but found ${this.describe()}`);
      this.pos++;
      const value = this.value(depth + 1);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      this.skip();
      const c = this.text[this.pos];
      if (c === ',') this.pos++;
      else if (c !== '}') this.fail(`Expected ',' or '}' but found ${this.describe()}`);
    }
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.pos++; // [
    for (;;) {
      this.skip();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return out;
      }
      out.push(this.value(depth + 1));
      this.skip();
      const c = this.text[this.pos];
      if (c === ',') this.pos++;
      else if (c !== ']') this.fail(`Expected ',' or ']' but found ${this.describe()}`);
    }
  }

  private string(): string {
    const start = this.pos;
    this.pos++; // "
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) this.fail('Unterminated string', start);
      const c = this.text[this.pos++];
      if (c === '"') return out;
      if (c === '\n') this.fail('Unterminated string', start);
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.pos++];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && e in simple) out += simple[e];
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos, this.pos + 4))) {
        out += String.fromCharCode(parseInt(this.text.slice(this.pos, this.pos + 4), 16));
        this.pos += 4;
      } else this.fail(`Invalid escape sequence in a string`, this.pos - 2);
    }
  }

  private number(): number {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (!match) return this.fail('Invalid number');
    this.pos += match[0].length;
    return Number(match[0]);
  }

  /** Skips white space and comments. */
  private skip(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '/' && this.text[this.pos + 1] === '/') {
        const end = this.text.indexOf('\n', this.pos);
        this.pos = end < 0 ? this.text.length : end;
      } else if (c === '/' && this.text[this.pos + 1] === '*') {
        const end = this.text.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('Unterminated comment');
        this.pos = end + 2;
      } else return;
    }
  }

  private describe(): string {
    if (this.pos >= this.text.length) return 'the end of the file';
    return `'${this.text[this.pos]}'`;
  }

  private fail(message: string, offset = this.pos): never {
    throw new JsoncFailure(message, offset);
  }
}
