import * as fs from 'fs';
import * as path from 'path';
import { MIN_TEXT_CONTRAST, contrastRatio, isHexColor, luminance, over } from '../../../../src/domain/settings/colors';
import { THEMES, ThemeDefinition } from '../../../../src/domain/settings/themes';
import { STYLESHEET_THEME, WORKBENCH_COLOR_KEYS, WorkbenchPalette, cssVariableOf, workbenchPalette } from '../../../../src/domain/settings/workbench-palette';

const ROOT = path.join(__dirname, '../../../..');
const BUNDLED = path.join(ROOT, 'src/adapters/themes/bundled');
const UI = path.join(ROOT, 'src/ui');

const bundled = (): Promise<ThemeDefinition[]> => Promise.all(THEMES.map(async (t) => (await import(path.join(BUNDLED, t.id))).default as ThemeDefinition));

/** The surfaces text is painted on, and the colours painted as text on them (see styles.css and the views' CSS). */
const TEXT_SURFACES = ['bg', 'panel', 'widget', 'input', 'hover', 'selection'] as const;
const TEXT_COLORS = ['text', 'muted', 'accentForeground', 'error', 'warning', 'info', 'gitModified', 'gitAdded', 'gitDeleted', 'gitRenamed'] as const;
/** Surfaces only the main text colour is painted on. */
const TINTS = ['badge', 'button', 'errorBackground', 'accentBackground', 'highlight'] as const;

function unreadable(theme: ThemeDefinition, palette: WorkbenchPalette): string[] {
  const failures: string[] = [];
  const check = (fg: keyof WorkbenchPalette, bg: keyof WorkbenchPalette) => {
    const ratio = contrastRatio(palette[fg], over(palette[bg], palette.bg));
    if (ratio < MIN_TEXT_CONTRAST) failures.push(`${theme.id}: ${fg} ${palette[fg]} on ${bg} ${palette[bg]} is ${ratio.toFixed(2)}:1`);
  };
  for (const fg of TEXT_COLORS) for (const bg of TEXT_SURFACES) check(fg, bg);
  for (const bg of TINTS) check('text', bg);
  check('errorText', 'error');
  return failures;
}

describe('workbenchPalette', () => {
  it('gives every workbench colour for each bundled theme', async () => {
    for (const theme of await bundled()) {
      const palette = workbenchPalette(theme);
      expect(Object.keys(palette).sort()).toEqual([...WORKBENCH_COLOR_KEYS].sort());
      for (const key of WORKBENCH_COLOR_KEYS) expect(isHexColor(palette[key])).toBe(true);
      expect(palette.bg).toBe(theme.workbench.bg);
      expect(palette.text).toBe(theme.workbench.text);
    }
  });

  it('makes every text of each bundled theme readable (WCAG AA, 4.5:1) on the surfaces it is painted on', async () => {
    const failures = (await bundled()).flatMap((theme) => unreadable(theme, workbenchPalette(theme)));
    expect(failures).toEqual([]);
  });

  it('puts the better of near-black and white on accent fills', async () => {
    for (const theme of await bundled()) {
      const { accent, accentText } = workbenchPalette(theme);
      const other = accentText === '#111111' ? '#ffffff' : '#111111';
      expect(contrastRatio(accentText, accent)).toBeGreaterThanOrEqual(contrastRatio(other, accent));
    }
  });

  it("uses a theme's own colours where it gives them, still readable", () => {
    const palette = workbenchPalette({ ...STYLESHEET_THEME, workbench: { ...STYLESHEET_THEME.workbench, widget: '#202020', gitAdded: '#00ff00', muted: '#333333' } });
    expect(palette.widget).toBe('#202020');
    expect(palette.gitAdded).toBe('#00ff00');
    // #333333 cannot be read on the dark surfaces: it is lightened.
    expect(contrastRatio(palette.muted, '#151515')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('derives light surfaces and dark texts for a light theme', () => {
    const light = workbenchPalette({
      kind: 'light',
      workbench: { bg: '#ffffff', panel: '#f3f3f3', border: '#e5e5e5', text: '#333333', muted: '#6e6e6e', accent: '#005fb8', error: '#e51400' },
    });
    for (const key of ['widget', 'input', 'hover', 'selection', 'badge', 'button'] as const) expect(luminance(light[key])).toBeGreaterThan(0.5);
    for (const key of ['muted', 'warning', 'gitModified'] as const) expect(luminance(light[key])).toBeLessThan(0.2);
    expect(light.accentText).toBe('#ffffff');
  });

  it('names CSS variables in kebab case', () => {
    expect(cssVariableOf('bg')).toBe('--bp-bg');
    expect(cssVariableOf('gitModified')).toBe('--bp-git-modified');
    expect(cssVariableOf('accentForeground')).toBe('--bp-accent-foreground');
  });
});

describe('the stylesheets', () => {
  const css = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? css(path.join(dir, e.name)) : e.name.endsWith('.css') ? [path.join(dir, e.name)] : []));

  it("start with the stylesheet theme's palette, which is Bullpen Dark's", async () => {
    const styles = fs.readFileSync(path.join(UI, 'styles.css'), 'utf8');
    const root = /:root\s*{([^}]*)}/.exec(styles)![1];
    const declared = Object.fromEntries([...root.matchAll(/(--bp-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
    const palette = workbenchPalette(STYLESHEET_THEME);
    expect(declared).toEqual(Object.fromEntries(WORKBENCH_COLOR_KEYS.map((k) => [cssVariableOf(k), palette[k]])));
    const bullpenDark = (await import(path.join(BUNDLED, 'bullpen-dark'))).default as ThemeDefinition;
    expect(workbenchPalette(bullpenDark)).toEqual(palette);
  });

  it('name no colour outside the palette, but for the few that do not depend on the theme', () => {
    // Text on collaborators' own colours, the translucent conflict tints in the editor, the preview's white page.
    const themeless = /^\.(bp-avatar|bp-avatar-face|bp-remote-caret::after|bp-follow-label|bp-follow-label button|bp-follow-label button:focus-visible|bp-conflict-[a-z]+|bp-preview-frame) \{/;
    const found: string[] = [];
    for (const file of css(UI)) {
      const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/:root\s*{[^}]*}/, '');
      for (const rule of text.split('}')) {
        const selector = rule.trim();
        if (/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i.test(rule) && !themeless.test(selector)) found.push(`${path.relative(ROOT, file)}: ${selector.slice(0, 80)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
