import { SIZE_LIMITS } from '../../../../src/domain/workbench/layout';
import { EDITOR_MIN_WIDTH, PINNED_GROUP_MIN_WIDTH, fitEditorGroups, fitSideParts } from '../../../../src/domain/workbench/layout-fit';

describe('fitSideParts', () => {
  it('shows the side bar and the preview as set when the editor keeps its least width', () => {
    expect(fitSideParts({ room: 1876, sideBar: 260, preview: 480 })).toEqual({ sideBar: 260, preview: 480 });
    expect(fitSideParts({ room: 1230, sideBar: 260 })).toEqual({ sideBar: 260, preview: undefined });
  });

  it('narrows the preview first, so that the editor keeps its least width (1280 × 720 with both open)', () => {
    const fitted = fitSideParts({ room: 1230, sideBar: 260, preview: 480 });
    expect(fitted).toEqual({ sideBar: 260, preview: 1230 - 260 - EDITOR_MIN_WIDTH });
  });

  it('then the side bar, each down to its least width; in a window narrower still the editor gets what is left', () => {
    const room = EDITOR_MIN_WIDTH + SIZE_LIMITS.previewWidth.min + 200;
    expect(fitSideParts({ room, sideBar: 260, preview: 480 })).toEqual({ sideBar: 200, preview: SIZE_LIMITS.previewWidth.min });
    expect(fitSideParts({ room: 500, sideBar: 260, preview: 480 })).toEqual({ sideBar: SIZE_LIMITS.sideBarWidth.min, preview: SIZE_LIMITS.previewWidth.min });
    expect(fitSideParts({ room: 700, sideBar: 300 })).toEqual({ sideBar: SIZE_LIMITS.sideBarWidth.min, preview: undefined });
  });

  it('shows the widths as set until the room is known', () => {
    expect(fitSideParts({ room: 0, sideBar: 260, preview: 480 })).toEqual({ sideBar: 260, preview: 480 });
  });
});

describe('fitEditorGroups', () => {
  it('gives one group the whole width', () => {
    expect(fitEditorGroups({ width: 900, share: 0.5, second: 'none', secondActive: false })).toEqual({ share: 1, showSecond: false });
  });

  it('keeps the share of two groups with files', () => {
    expect(fitEditorGroups({ width: 700, share: 0.3, second: 'files', secondActive: false })).toEqual({ share: 0.3, showSecond: true });
  });

  it('gives the first group at least its least width beside the pinned new-tab group', () => {
    expect(fitEditorGroups({ width: 1613, share: 0.5, second: 'pinned', secondActive: false })).toEqual({ share: 0.5, showSecond: true });
    const fit = fitEditorGroups({ width: 973, share: 0.5, second: 'pinned', secondActive: false });
    expect(fit.showSecond).toBe(true);
    expect(fit.share * 973).toBeCloseTo(EDITOR_MIN_WIDTH);
  });

  it('collapses the pinned group when what is left is too narrow for it, and shows it again when there is room', () => {
    expect(fitEditorGroups({ width: EDITOR_MIN_WIDTH + PINNED_GROUP_MIN_WIDTH - 1, share: 0.5, second: 'pinned', secondActive: false })).toEqual({ share: 1, showSecond: false });
    expect(fitEditorGroups({ width: EDITOR_MIN_WIDTH + PINNED_GROUP_MIN_WIDTH, share: 0.5, second: 'pinned', secondActive: false }).showSecond).toBe(true);
  });

  it('shows the pinned group while it is the active one, however narrow', () => {
    const fit = fitEditorGroups({ width: 600, share: 0.5, second: 'pinned', secondActive: true });
    expect(fit.showSecond).toBe(true);
    expect((1 - fit.share) * 600).toBeCloseTo(PINNED_GROUP_MIN_WIDTH);
  });
});
