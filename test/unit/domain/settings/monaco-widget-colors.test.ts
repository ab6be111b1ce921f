import * as path from 'path';
import { MIN_TEXT_CONTRAST, contrastRatio, isHexColor } from '../../../../src/domain/settings/colors';
import { monacoWidgetColors } from '../../../../src/domain/settings/monaco-widget-colors';
import { THEMES, ThemeDefinition } from '../../../../src/domain/settings/themes';
import { workbenchPalette } from '../../../../src/domain/settings/workbench-palette';

const BUNDLED = path.join(__dirname, '../../../../src/adapters/themes/bundled');
const bundled = (): Promise<ThemeDefinition[]> => Promise.all(THEMES.map(async (t) => (await import(path.join(BUNDLED, t.id))).default as ThemeDefinition));

describe('monacoWidgetColors', () => {
  it("paints Monaco's suggestion, hover and find widgets with the workbench's floating-widget colours", async () => {
    const dracula = (await bundled()).find((t) => t.id === 'dracula')!;
    const palette = workbenchPalette(dracula);
    const colors = monacoWidgetColors(palette);
    expect(colors['editorSuggestWidget.background']).toBe(palette.widget);
    expect(colors['editorHoverWidget.background']).toBe(palette.widget);
    expect(colors['editorWidget.background']).toBe(palette.widget);
    expect(colors['editorSuggestWidget.selectedBackground']).toBe(palette.selection);
    expect(colors['editorSuggestWidget.border']).toBe('#44475a');
    expect(colors['input.background']).toBe(palette.input);
  });

  it('keeps the widget texts readable (4.5:1) for every bundled theme, every value a colour', async () => {
    const failures: string[] = [];
    for (const theme of await bundled()) {
      const colors = monacoWidgetColors(workbenchPalette(theme));
      for (const value of Object.values(colors)) expect(isHexColor(value)).toBe(true);
      const pairs: Array<[string, string]> = [
        ['editorSuggestWidget.foreground', 'editorSuggestWidget.background'],
        ['editorSuggestWidget.selectedForeground', 'editorSuggestWidget.selectedBackground'],
        ['editorSuggestWidget.highlightForeground', 'editorSuggestWidget.background'],
        ['editorHoverWidget.foreground', 'editorHoverWidget.background'],
        ['input.foreground', 'input.background'],
        ['descriptionForeground', 'editorWidget.background'],
      ];
      for (const [fg, bg] of pairs) {
        const ratio = contrastRatio(colors[fg], colors[bg]);
        if (ratio < MIN_TEXT_CONTRAST) failures.push(`${theme.id}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
      }
    }
    expect(failures).toEqual([]);
  });
});
