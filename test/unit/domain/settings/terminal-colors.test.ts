import * as path from 'path';
import { contrastRatio, isHexColor } from '../../../../src/domain/settings/colors';
import { terminalColors } from '../../../../src/domain/settings/terminal-colors';
import { TERMINAL_COLOR_KEYS, THEMES, ThemeDefinition } from '../../../../src/domain/settings/themes';
import { STYLESHEET_THEME, workbenchPalette } from '../../../../src/domain/settings/workbench-palette';

const BUNDLED = path.join(__dirname, '../../../../src/adapters/themes/bundled');
const load = async (id: string): Promise<ThemeDefinition> => (await import(path.join(BUNDLED, id))).default;

describe('terminalColors', () => {
  it("takes the terminal's background, text, cursor and selection from the same theme as the workbench and Monaco", async () => {
    const light = await load('light');
    const colors = terminalColors(light);
    expect(colors.background).toBe(workbenchPalette(light).bg);
    expect(colors.foreground).toBe(workbenchPalette(light).text);
    expect(colors.cursor).toBe(light.editor['editorCursor.foreground']);
    expect(colors.selectionBackground).toBe(light.editor['editor.selectionBackground']);
    expect(colors.cursorAccent).toBe(colors.background);
  });

  it('gives all 21 colours for every bundled theme and the stylesheet theme, the ANSI ones of its kind unless it has its own', async () => {
    for (const entry of THEMES) {
      const theme = await load(entry.id);
      const colors = terminalColors(theme);
      expect(Object.keys(colors).sort()).toEqual([...TERMINAL_COLOR_KEYS].sort());
      for (const key of TERMINAL_COLOR_KEYS) expect(isHexColor(colors[key])).toBe(true);
      for (const [key, value] of Object.entries(theme.terminal ?? {})) expect(colors[key as keyof typeof colors]).toBe(value);
      expect(contrastRatio(colors.foreground, colors.background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(terminalColors(STYLESHEET_THEME).background).toBe('#151515');
  });

  it('keeps "white" and the default text readable on a light terminal', async () => {
    for (const id of ['light', 'github-light', 'github-light-high-contrast']) {
      const colors = terminalColors(await load(id));
      expect(contrastRatio(colors.white, colors.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.black, colors.background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("uses the theme's own terminal colours first", () => {
    const colors = terminalColors({ ...STYLESHEET_THEME, terminal: { background: '#000000', red: '#ff0000' } });
    expect(colors.background).toBe('#000000');
    expect(colors.cursorAccent).toBe('#000000');
    expect(colors.red).toBe('#ff0000');
    expect(colors.green).toBe('#0dbc79');
  });
});
