import { DEFAULT_PREVIEW_RUN_ACTION, EDIT_DELAY_MS, NO_RELOAD, afterEdit, isReloadDue, reloadWait } from '../../../../src/domain/preview/edit-delayed';

describe('edit-delayed preview reloads (spec 002 §9)', () => {
  it("is the default run action, 500 ms after an edit", () => {
    expect(DEFAULT_PREVIEW_RUN_ACTION).toBe('edit-delayed');
    const schedule = afterEdit(NO_RELOAD, 1_000);
    expect(reloadWait(schedule, 1_000)).toBe(EDIT_DELAY_MS);
    expect(isReloadDue(schedule, 1_499)).toBe(false);
    expect(isReloadDue(schedule, 1_500)).toBe(true);
  });

  it('is pushed back by every further edit', () => {
    let schedule = afterEdit(NO_RELOAD, 0);
    schedule = afterEdit(schedule, 400);
    expect(isReloadDue(schedule, 500)).toBe(false);
    expect(reloadWait(schedule, 500)).toBe(400);
    expect(isReloadDue(schedule, 900)).toBe(true);
  });

  it('has nothing due without an edit', () => {
    expect(isReloadDue(NO_RELOAD, 10_000)).toBe(false);
    expect(reloadWait(NO_RELOAD, 0)).toBeUndefined();
  });
});
