import { UnknownKeybindingKeyError, formatKeybinding, matchesChord, parseKeybinding } from '../../../../src/domain/workbench/keybinding';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, code?: string) => ({
  key: k,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('keybinding strings (spec 002 §5)', () => {
  it('joins keys with + and names the primary modifier per platform', () => {
    const chord = parseKeybinding('CtrlCmd+Shift+P');
    expect(formatKeybinding(chord, 'other')).toBe('Ctrl+Shift+P');
    expect(formatKeybinding(chord, 'mac')).toBe('Cmd+Shift+P');
    expect(formatKeybinding(parseKeybinding('alt+w'), 'other')).toBe('Alt+W');
    expect(formatKeybinding(parseKeybinding('CtrlCmd+`'), 'other')).toBe('Ctrl+`');
  });

  it("throws 'unknown keybinding key' for a key or modifier it does not know", () => {
    expect(() => parseKeybinding('CtrlCmd+Banana')).toThrow('unknown keybinding key');
    expect(() => parseKeybinding('Hyper+P')).toThrow(UnknownKeybindingKeyError);
    expect(() => parseKeybinding('')).toThrow('unknown keybinding key');
  });

  it('matches DOM key events with exactly the declared modifiers', () => {
    const palette = parseKeybinding('CtrlCmd+Shift+P');
    expect(matchesChord(palette, key('P', { ctrlKey: true, shiftKey: true }, 'KeyP'), 'other')).toBe(true);
    expect(matchesChord(palette, key('P', { metaKey: true, shiftKey: true }, 'KeyP'), 'mac')).toBe(true);
    expect(matchesChord(palette, key('p', { ctrlKey: true }, 'KeyP'), 'other')).toBe(false);
    expect(matchesChord(palette, key('P', { ctrlKey: true, shiftKey: true, altKey: true }, 'KeyP'), 'other')).toBe(false);
    expect(matchesChord(palette, key('P', { metaKey: true, shiftKey: true }, 'KeyP'), 'other')).toBe(false);
  });

  it('uses the physical key when a modifier changes the character', () => {
    // Alt+W on a Mac types '∑'; the binding still means the W key.
    expect(matchesChord(parseKeybinding('Alt+W'), key('∑', { altKey: true }, 'KeyW'), 'mac')).toBe(true);
    expect(matchesChord(parseKeybinding('CtrlCmd+Down'), key('ArrowDown', { ctrlKey: true }), 'other')).toBe(true);
    // Shift+` types '~' on a US layout.
    expect(matchesChord(parseKeybinding('CtrlCmd+Shift+`'), key('~', { ctrlKey: true, shiftKey: true }, 'Backquote'), 'other')).toBe(true);
  });
});
