import { contrastRatio, formatColor, mix, over, parseColor, readableOn, textOn } from '../../../../src/domain/settings/colors';

describe('theme colours', () => {
  it('reads #rgb, #rrggbb and #rrggbbaa, and writes #rrggbb(aa)', () => {
    expect(parseColor('#fa0')).toEqual({ r: 255, g: 170, b: 0, a: 1 });
    expect(parseColor('#00000080')).toEqual({ r: 0, g: 0, b: 0, a: 128 / 255 });
    expect(formatColor(parseColor('#1D1D1D'))).toBe('#1d1d1d');
    expect(formatColor(parseColor('#00000080'))).toBe('#00000080');
    expect(() => parseColor('red')).toThrow('not a #rgb');
  });

  it('mixes two colours and lays a translucent one over another', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#151515', '#e5e5e5', 0)).toBe('#151515');
    expect(over('#ffffff80', '#000000')).toBe('#808080');
    expect(over('#123456', '#ffffff')).toBe('#123456');
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes AA on white; #777777 is not.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#e5e5e5', '#151515')).toBeCloseTo(contrastRatio('#151515', '#e5e5e5'), 10);
  });

  it('keeps a text colour that reads on every surface, and moves one that does not until it does', () => {
    expect(readableOn('#333333', ['#ffffff', '#f3f3f3'])).toBe('#333333');
    const muted = readableOn('#8a8a8a', ['#ffffff', '#dadada']);
    expect(Math.min(contrastRatio(muted, '#ffffff'), contrastRatio(muted, '#dadada'))).toBeGreaterThanOrEqual(4.5);
    expect(parseColor(muted).r).toBeLessThan(0x8a);
    const onDark = readableOn('#6272a4', ['#282a36', '#43444c']);
    expect(Math.min(contrastRatio(onDark, '#282a36'), contrastRatio(onDark, '#43444c'))).toBeGreaterThanOrEqual(4.5);
    expect(parseColor(onDark).b).toBeGreaterThan(0xa4);
  });

  it('picks near-black or white for the text on a filled button', () => {
    expect(textOn('#dcff50')).toBe('#111111');
    expect(textOn('#005fb8')).toBe('#ffffff');
  });
});
