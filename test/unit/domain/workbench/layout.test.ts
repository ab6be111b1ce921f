import { DEFAULT_LAYOUT, SIZE_LIMITS, clampSize, parseLayoutQuery, restoreLayout } from '../../../../src/domain/workbench/layout';

describe('workbench layout', () => {
  it('restores a stored layout field by field, replacing anything odd with the default', () => {
    expect(restoreLayout(undefined)).toEqual(DEFAULT_LAYOUT);
    expect(restoreLayout('junk')).toEqual(DEFAULT_LAYOUT);
    const restored = restoreLayout({ sideBarVisible: false, activeView: 'nope', sideBarWidth: 99999, activePanel: 'ports', panelHeight: 'x' });
    expect(restored).toEqual({ ...DEFAULT_LAYOUT, sideBarVisible: false, sideBarWidth: SIZE_LIMITS.sideBarWidth.max, activePanel: 'ports' });
  });

  it('restores a view Bullpen does not have (saved by an older version) as the explorer', () => {
    for (const activeView of ['debug', 'extensions', 'chat']) expect(restoreLayout({ activeView }).activeView).toBe('explorer');
  });

  it('clamps sizes to their limits', () => {
    expect(clampSize('panelHeight', 10)).toBe(SIZE_LIMITS.panelHeight.min);
    expect(clampSize('panelHeight', 300.4)).toBe(300);
    expect(clampSize('previewWidth', Number.NaN)).toBe(DEFAULT_LAYOUT.previewWidth);
  });

  it('reads the visit query parameters file, sidebar, layout and showConsole', () => {
    expect(parseLayoutQuery(new URLSearchParams('?file=/src/App.js'))).toEqual({ file: 'src/App.js', overrides: {} });
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=false')).overrides).toEqual({ sideBarVisible: false });
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=%22search%22')).overrides).toEqual({ sideBarVisible: true, activeView: 'search' });
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=scm')).overrides).toEqual({ sideBarVisible: true, activeView: 'scm' });
    expect(parseLayoutQuery(new URLSearchParams(`?sidebar=${encodeURIComponent('{"view":"explorer"}')}`)).overrides).toEqual({ sideBarVisible: true, activeView: 'explorer' });
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=unknown-view')).overrides).toEqual({});
    // A view of the spec's activity bar that Bullpen does not have is no view.
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=%22debug%22')).overrides).toEqual({});
    expect(parseLayoutQuery(new URLSearchParams('?sidebar=extensions')).overrides).toEqual({});
    expect(parseLayoutQuery(new URLSearchParams('?layout=editor')).overrides).toEqual({ panelVisible: false, previewVisible: false });
    expect(parseLayoutQuery(new URLSearchParams('?layout=preview')).overrides).toEqual({ previewVisible: true });
    expect(parseLayoutQuery(new URLSearchParams('?showConsole=1')).overrides).toEqual({ panelVisible: true, activePanel: 'terminal' });
    expect(parseLayoutQuery(new URLSearchParams('?showConsole=false')).overrides).toEqual({ panelVisible: false });
  });
});
