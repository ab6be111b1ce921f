import { AI_TOOLBAR_HIDDEN, nextAiToolbarState } from '../../../../src/domain/ai/ai-toolbar';

describe('AI toolbar timing (spec 002 §9: AI toolbar delay 1000 ms)', () => {
  it('shows 1 s after a non-empty selection settles, not before', () => {
    const waiting = nextAiToolbarState(AI_TOOLBAR_HIDDEN, { kind: 'selection', empty: false, at: 100 });
    expect(nextAiToolbarState(waiting, { kind: 'tick', at: 1099 })).toEqual(waiting);
    expect(nextAiToolbarState(waiting, { kind: 'tick', at: 1100 })).toEqual({ kind: 'SHOWN' });
  });

  it('restarts the wait when the selection changes and hides on scroll or an empty selection', () => {
    const first = nextAiToolbarState(AI_TOOLBAR_HIDDEN, { kind: 'selection', empty: false, at: 0 });
    const moved = nextAiToolbarState(first, { kind: 'selection', empty: false, at: 800 });
    expect(nextAiToolbarState(moved, { kind: 'tick', at: 1000 })).toEqual(moved);
    expect(nextAiToolbarState({ kind: 'SHOWN' }, { kind: 'scroll' })).toEqual(AI_TOOLBAR_HIDDEN);
    expect(nextAiToolbarState({ kind: 'SHOWN' }, { kind: 'selection', empty: true, at: 5 })).toEqual(AI_TOOLBAR_HIDDEN);
    expect(nextAiToolbarState(AI_TOOLBAR_HIDDEN, { kind: 'tick', at: 5000 })).toEqual(AI_TOOLBAR_HIDDEN);
  });
});
