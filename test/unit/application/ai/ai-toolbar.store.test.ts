import 'reflect-metadata';
import { AiToolbarStore } from '../../../../src/application/ai/ai-toolbar.store';
import { NO_AI_PROVIDER } from '../../../../src/application/ports/ai.port';
import { NotificationsStore } from '../../../../src/application/workspace/notifications.store';
import { UnconfiguredAi } from '../../../../src/adapters/ai/unconfigured-ai.adapter';

describe('AiToolbarStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the toolbar 1 s after a selection and says clearly that no AI provider is configured', async () => {
    const shown: Array<[string, string]> = [];
    const notifications = { show: (variant: string, message: string) => shown.push([variant, message]) } as unknown as NotificationsStore;
    const store = new AiToolbarStore(new UnconfiguredAi(), notifications);
    let now = 0;
    store.now = () => now;
    store.selectionChanged({ path: 'a.ts', selectedText: 'const a = 1' });
    now = 999;
    jest.advanceTimersByTime(999);
    expect(store.state.kind).toBe('WAITING');
    now = 1000;
    jest.advanceTimersByTime(1);
    expect(store.state.kind).toBe('SHOWN');
    expect(store.configured).toBe(false);
    await store.run('explain');
    expect(store.state.kind).toBe('HIDDEN');
    expect(shown).toEqual([['error', NO_AI_PROVIDER]]);
  });

  it('hides on scroll and never shows for an empty selection', () => {
    const store = new AiToolbarStore(new UnconfiguredAi(), { show: () => undefined } as unknown as NotificationsStore);
    store.selectionChanged({ path: 'a.ts', selectedText: 'x' });
    store.scrolled();
    jest.advanceTimersByTime(2000);
    expect(store.state.kind).toBe('HIDDEN');
    store.selectionChanged({ path: 'a.ts', selectedText: '' });
    jest.advanceTimersByTime(2000);
    expect(store.state.kind).toBe('HIDDEN');
  });
});

describe('AiToolbarStore timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('still shows the toolbar when its timer fires a moment before the clock says 1 s has passed', () => {
    const store = new AiToolbarStore(new UnconfiguredAi(), { show: () => undefined } as unknown as NotificationsStore);
    // The wall clock the store reads lags the timer (a browser's Date.now() against its timer clock, or a clock adjusted).
    let now = 0;
    store.now = () => now;
    store.selectionChanged({ path: 'a.ts', selectedText: 'x' });
    now = 998;
    jest.advanceTimersByTime(1000);
    expect(store.state.kind).toBe('WAITING');
    now = 1000;
    jest.advanceTimersByTime(2);
    expect(store.state.kind).toBe('SHOWN');
  });
});
