/**
 * `.editorconfig` (editorconfig.org) as Bullpen applies it, with the rules of spec 002 §5 "Editor config":
 * indent_style is accepted only if space or tab; indent_size falls back to tab_width; tab style with no size is 2;
 * comments start with # or ;. Sections apply in file order, later ones win; a glob without '/' matches at any depth.
 */
export interface EditorConfigSection {
  readonly glob: string;
  readonly properties: Readonly<Record<string, string>>;
}

export interface EditorConfigFile {
  readonly root: boolean;
  readonly sections: readonly EditorConfigSection[];
}

export interface IndentationSettings {
  readonly insertSpaces?: boolean;
  readonly indentSize?: number;
  readonly tabSize?: number;
  readonly endOfLine?: 'lf' | 'crlf';
  readonly insertFinalNewline?: boolean;
  readonly trimTrailingWhitespace?: boolean;
}

export function parseEditorConfig(text: string): EditorConfigFile {
  const sections: EditorConfigSection[] = [];
  let root = false;
  let current: { glob: string; properties: Record<string, string> } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      current = { glob: header[1], properties: {} };
      sections.push(current);
      continue;
    }
    const eq = line.search(/[=:]/);
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim().toLowerCase();
    const value = line.slice(eq + 1).replace(/\s[#;].*$/, '').trim();
    if (!current) {
      if (key === 'root') root = value.toLowerCase() === 'true';
      continue;
    }
    current.properties[key] = value.toLowerCase();
  }
  return { root, sections };
}

/** The properties that apply to `path` (relative to the .editorconfig's directory, '/'-separated). */
export function propertiesFor(file: EditorConfigFile, path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const section of file.sections) if (globToRegExp(section.glob).test(path)) Object.assign(result, section.properties);
  return result;
}

/** The indentation and whitespace settings of a property set, after spec 002 §5's rules. */
export function indentationFrom(properties: Readonly<Record<string, string>>): IndentationSettings {
  const style = properties.indent_style === 'space' || properties.indent_style === 'tab' ? properties.indent_style : undefined;
  const number = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);
  const tabWidth = number(properties.tab_width);
  let indentSize = properties.indent_size === 'tab' ? tabWidth : number(properties.indent_size);
  indentSize ??= tabWidth;
  if (style === 'tab' && indentSize === undefined) indentSize = 2;
  const settings: { -readonly [K in keyof IndentationSettings]: IndentationSettings[K] } = {};
  if (style) settings.insertSpaces = style === 'space';
  if (indentSize !== undefined) settings.indentSize = indentSize;
  if (tabWidth !== undefined || indentSize !== undefined) settings.tabSize = tabWidth ?? indentSize;
  if (properties.end_of_line === 'lf' || properties.end_of_line === 'crlf') settings.endOfLine = properties.end_of_line;
  if (properties.insert_final_newline === 'true' || properties.insert_final_newline === 'false') settings.insertFinalNewline = properties.insert_final_newline === 'true';
  if (properties.trim_trailing_whitespace === 'true' || properties.trim_trailing_whitespace === 'false') {
    settings.trimTrailingWhitespace = properties.trim_trailing_whitespace === 'true';
  }
  return settings;
}

/** An editorconfig glob: *, **, ?, [seq], [!seq], {a,b}, {n1..n2}; without '/' it matches the file name at any depth. */
export function globToRegExp(glob: string): RegExp {
  const anchored = glob.includes('/');
  let pattern = glob.startsWith('/') ? glob.slice(1) : glob;
  if (!anchored) pattern = `**/${pattern}`;
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        out += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
        i = end;
      }
    } else if (c === '{') {
      const end = pattern.indexOf('}', i + 1);
      const body = end < 0 ? '' : pattern.slice(i + 1, end);
      const range = /^(-?\d+)\.\.(-?\d+)$/.exec(body);
      if (range) {
        const [lo, hi] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b);
        out += `(?:${Array.from({ length: Math.min(hi - lo + 1, 1000) }, (_, k) => lo + k).join('|')})`;
        i = end;
      } else if (end >= 0 && body.includes(',')) {
        out += '(?:';
        braces++;
      } else out += '\\{';
    } else if (c === ',' && braces > 0) out += '|';
    else if (c === '}' && braces > 0) {
      out += ')';
      braces--;
    } else out += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}
