/**
 * Key bindings as strings (spec 002 §5): keys are joined with '+', modifiers first, e.g. 'CtrlCmd+Shift+P'.
 * `CtrlCmd` is Cmd on a Mac and Ctrl elsewhere. An unknown key throws 'unknown keybinding key'.
 */
export type Platform = 'mac' | 'other';

export interface Chord {
  readonly ctrlCmd: boolean;
  /** The Ctrl key on a Mac when it is not the primary modifier (WinCtrl in VS Code's terms). */
  readonly winCtrl: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  /** Normalised key name: an upper-case letter, a digit, or one of NAMED_KEYS. */
  readonly key: string;
}

/** What the chord matching needs of a DOM KeyboardEvent. */
export interface KeyEventLike {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export class UnknownKeybindingKeyError extends Error {
  constructor(readonly key: string) {
    super('unknown keybinding key');
    this.name = 'UnknownKeybindingKeyError';
  }
}

const NAMED_KEYS = [
  'Enter', 'Escape', 'Tab', 'Space', 'Backspace', 'Delete', 'Insert', 'Home', 'End', 'PageUp', 'PageDown',
  'Up', 'Down', 'Left', 'Right', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12',
  '`', '-', '=', '[', ']', '\\', ';', "'", ',', '.', '/',
] as const;

const NAMED = new Map<string, string>(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
/** DOM `KeyboardEvent.key` values that differ from our names. */
const DOM_ALIASES = new Map<string, string>([
  [' ', 'Space'], ['ArrowUp', 'Up'], ['ArrowDown', 'Down'], ['ArrowLeft', 'Left'], ['ArrowRight', 'Right'], ['Esc', 'Escape'],
]);

function normaliseKey(raw: string): string {
  if (/^[a-z]$/i.test(raw)) return raw.toUpperCase();
  if (/^[0-9]$/.test(raw)) return raw;
  const named = NAMED.get(raw.toLowerCase());
  if (named) return named;
  throw new UnknownKeybindingKeyError(raw);
}

/** 'CtrlCmd+Shift+P' → chord. Modifiers: CtrlCmd, Ctrl (= CtrlCmd), Cmd/Meta (= CtrlCmd), WinCtrl, Shift, Alt. */
export function parseKeybinding(text: string): Chord {
  const parts = text.split('+').map((p) => p.trim());
  // 'CtrlCmd++' would be a '+' key; no binding uses it, so an empty part is an unknown key.
  const key = parts.pop() ?? '';
  let ctrlCmd = false;
  let winCtrl = false;
  let shift = false;
  let alt = false;
  for (const modifier of parts) {
    switch (modifier.toLowerCase()) {
      case 'ctrlcmd':
      case 'ctrl':
      case 'cmd':
      case 'meta':
        ctrlCmd = true;
        break;
      case 'winctrl':
        winCtrl = true;
        break;
      case 'shift':
        shift = true;
        break;
      case 'alt':
      case 'option':
        alt = true;
        break;
      default:
        throw new UnknownKeybindingKeyError(modifier);
    }
  }
  return { ctrlCmd, winCtrl, shift, alt, key: normaliseKey(key) };
}

/** The label a user reads: 'Ctrl+Shift+P' (or 'Cmd+Shift+P' on a Mac), keys joined with '+'. */
export function formatKeybinding(chord: Chord, platform: Platform): string {
  const parts: string[] = [];
  if (chord.winCtrl) parts.push('Ctrl');
  if (chord.ctrlCmd) parts.push(platform === 'mac' ? 'Cmd' : 'Ctrl');
  if (chord.shift) parts.push('Shift');
  if (chord.alt) parts.push(platform === 'mac' ? 'Option' : 'Alt');
  parts.push(chord.key);
  return parts.join('+');
}

/** DOM `KeyboardEvent.code` values of the punctuation keys, in our names. */
const PUNCTUATION_CODES = new Map<string, string>([
  ['Backquote', '`'], ['Minus', '-'], ['Equal', '='], ['BracketLeft', '['], ['BracketRight', ']'], ['Backslash', '\\'],
  ['Semicolon', ';'], ['Quote', "'"], ['Comma', ','], ['Period', '.'], ['Slash', '/'],
]);

/** The key of a DOM event in our names, or undefined for a key no binding can name (a lone modifier). */
export function eventKey(event: KeyEventLike): string | undefined {
  // With Alt or Shift on some layouts `key` is a different character; the physical letter/digit is in `code`.
  const code = event.code ?? '';
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  // Shift+` is '~' on a US layout: the physical punctuation key is in `code` too.
  const punctuation = PUNCTUATION_CODES.get(code);
  if (punctuation) return punctuation;
  const aliased = DOM_ALIASES.get(event.key) ?? event.key;
  try {
    return normaliseKey(aliased);
  } catch {
    return undefined;
  }
}

export function matchesChord(chord: Chord, event: KeyEventLike, platform: Platform): boolean {
  const primary = platform === 'mac' ? event.metaKey : event.ctrlKey;
  const secondary = platform === 'mac' ? event.ctrlKey : event.metaKey;
  return (
    primary === chord.ctrlCmd &&
    secondary === chord.winCtrl &&
    event.shiftKey === chord.shift &&
    event.altKey === chord.alt &&
    eventKey(event) === chord.key
  );
}
