import { ACTIVITY_VIEWS, SPEC_ACTIVITY_ORDER, isActivityViewId } from '../../../../src/domain/workbench/activity-views';

describe('the activity bar (spec 002 §2)', () => {
  it('lists only the views Bullpen has: explorer, search, source control and its own', () => {
    expect(ACTIVITY_VIEWS.map((v) => v.id)).toEqual(['explorer', 'search', 'scm', 'bullpen']);
  });

  it("keeps the spec's order among the views it lists", () => {
    const positions = ACTIVITY_VIEWS.map((v) => SPEC_ACTIVITY_ORDER.indexOf(v.id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('knows no view it does not list: debug, remote, extensions, references, pull requests and chat lead nowhere', () => {
    for (const id of ['debug', 'remote', 'extensions', 'references', 'pull-requests', 'chat']) expect(isActivityViewId(id)).toBe(false);
    for (const view of ACTIVITY_VIEWS) expect(isActivityViewId(view.id)).toBe(true);
  });
});
