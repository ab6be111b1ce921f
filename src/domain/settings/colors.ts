/**
 * Colour arithmetic for themes: `#rgb`, `#rrggbb` and `#rrggbbaa` strings, mixing, and the WCAG 2 contrast ratio
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), so that colours a theme leaves out can be derived and text
 * colours kept readable on the surfaces they are painted on.
 */
export interface Rgba {
  /** 0-255 */
  readonly r: number;
  readonly g: number;
  readonly b: number;
  /** 0-1 */
  readonly a: number;
}

export const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const isHexColor = (value: unknown): value is string => typeof value === 'string' && HEX_COLOR.test(value);

export function parseColor(hex: string): Rgba {
  if (!isHexColor(hex)) throw new Error(`not a #rgb/#rrggbb/#rrggbbaa colour: ${hex}`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const channel = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
}

export function formatColor({ r, g, b, a }: Rgba): string {
  const hex = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}${a < 1 ? hex(a * 255) : ''}`;
}

/** `amount` of `to` into `from` (0: from, 1: to), alpha included. */
export function mix(from: string, to: string, amount: number): string {
  const a = parseColor(from);
  const b = parseColor(to);
  const at = (x: number, y: number) => x + (y - x) * amount;
  return formatColor({ r: at(a.r, b.r), g: at(a.g, b.g), b: at(a.b, b.b), a: at(a.a, b.a) });
}

/** A translucent colour as it shows over an opaque one. */
export function over(color: string, backdrop: string): string {
  const c = parseColor(color);
  if (c.a === 1) return formatColor(c);
  const b = parseColor(backdrop);
  const at = (x: number, y: number) => x * c.a + y * (1 - c.a);
  return formatColor({ r: at(c.r, b.r), g: at(c.g, b.g), b: at(c.b, b.b), a: 1 });
}

/** WCAG relative luminance of an opaque colour (alpha is ignored). */
export function luminance(color: string): number {
  const { r, g, b } = parseColor(color);
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio (1 to 21) of a text colour over a background; a translucent text colour is composited first. */
export function contrastRatio(foreground: string, background: string): number {
  const bg = over(background, '#000000');
  const [l1, l2] = [luminance(over(foreground, bg)), luminance(bg)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** WCAG 2 AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The colour itself when it reads on every surface at `min` contrast; otherwise moved towards white (dark surfaces) or
 * black (light ones) in small steps until it does, so it keeps its hue as far as possible.
 */
export function readableOn(color: string, surfaces: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const worst = (c: string) => Math.min(...surfaces.map((s) => contrastRatio(c, s)));
  if (worst(color) >= min) return color;
  const dark = surfaces.reduce((sum, s) => sum + luminance(over(s, '#000000')), 0) / surfaces.length < 0.18;
  const target = dark ? '#ffffff' : '#000000';
  for (let step = 1; step <= 20; step++) {
    const moved = mix(over(color, surfaces[0]), target, step / 20);
    if (worst(moved) >= min) return moved;
  }
  return target;
}

/** Whichever of near-black and white reads better on a background (the text of a button filled with that colour). */
export const textOn = (background: string): string => (contrastRatio('#111111', background) >= contrastRatio('#ffffff', background) ? '#111111' : '#ffffff');
