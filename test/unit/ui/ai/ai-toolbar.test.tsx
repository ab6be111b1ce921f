/** @jest-environment jsdom */
import 'reflect-metadata';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { configure } from 'mobx';
import { aiActions } from '../../../../src/application/ai/ai-actions';
import { AiToolbarStore } from '../../../../src/application/ai/ai-toolbar.store';
import { AiPort, NO_AI_PROVIDER } from '../../../../src/application/ports/ai.port';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { NotificationsStore } from '../../../../src/application/workspace/notifications.store';
import { UnconfiguredAi } from '../../../../src/adapters/ai/unconfigured-ai.adapter';
import { AiToolbar } from '../../../../src/ui/ai/ai-toolbar';

configure({ enforceActions: 'never' });

/**
 * The AI toolbar's content as the Monaco widget mounts it (ai-toolbar-widget.tsx), against the real store fed by the
 * unconfigured AI port (or a configured fake); shown after a selection and 1 s.
 */
function setUp(ai: AiPort = new UnconfiguredAi()) {
  jest.useFakeTimers();
  const notifications = new NotificationsStore();
  const store = new AiToolbarStore(ai, notifications);
  const actions = new ActionRegistry();
  actions.register(aiActions({ aiToolbar: store }));
  const left: string[] = [];
  render(<AiToolbar store={store} onLeave={() => left.push('editor')} />);
  const show = () =>
    act(() => {
      store.selectionChanged({ path: 'src/a.ts', selectedText: 'const a = 1;' });
      jest.advanceTimersByTime(1000);
    });
  return { store, notifications, actions, left, show };
}

const buttons = () => screen.getAllByRole('button');
const tabStops = () => buttons().map((b) => b.getAttribute('tabindex'));

afterEach(() => jest.useRealTimers());

describe('AiToolbar', () => {
  it('is a labelled toolbar of Explain and Edit with AI that says no AI provider is configured', () => {
    const { show, store } = setUp();
    show();
    expect(store.isShown).toBe(true);
    const toolbar = screen.getByRole('toolbar', { name: 'AI actions' });
    expect(toolbar.getAttribute('aria-orientation')).toBe('horizontal');
    expect(buttons().map((b) => b.textContent)).toEqual(['Explain', 'Edit with AI']);
    const notice = screen.getByTestId('ai-toolbar-notice');
    expect(notice.textContent).toBe('No AI provider is configured');
    for (const button of buttons()) {
      expect(button.getAttribute('aria-describedby')).toBe(notice.id);
      expect(button.getAttribute('title')).toBe('No AI provider is configured');
    }
  });

  it('says nothing about providers when one is configured, and shows its answer', async () => {
    const ai: AiPort = { configured: true, ask: async (request) => `Explained ${request.selectedText} of ${request.path}` };
    const { show, notifications } = setUp(ai);
    show();
    expect(screen.queryByTestId('ai-toolbar-notice')).toBeNull();
    expect(buttons()[0].getAttribute('aria-describedby')).toBeNull();
    expect(buttons()[0].getAttribute('title')).toBe('Explain');
    await act(async () => fireEvent.click(buttons()[0]));
    expect(notifications.notices.map((n) => [n.variant, n.message])).toEqual([['info', 'Explained const a = 1; of src/a.ts']]);
  });

  it('takes the focus on AI: Focus Toolbar (Alt+F10) only while it shows; one Tab stop moved by the arrow keys, Home and End', () => {
    const { show, actions } = setUp();
    expect(actions.available.map((a) => a.id)).not.toContain('ai.focusToolbar');
    expect(actions.forKey({ key: 'F10', ctrlKey: false, metaKey: false, shiftKey: false, altKey: true }, true)).toBeUndefined();
    show();
    const found = actions.forKey({ key: 'F10', ctrlKey: false, metaKey: false, shiftKey: false, altKey: true }, true);
    expect(found?.id).toBe('ai.focusToolbar');
    expect(actions.get('ai.focusToolbar')?.keyLabel).toBe('Alt+F10');
    expect(tabStops()).toEqual(['0', '-1']);
    act(() => void actions.run('ai.focusToolbar'));
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons()[1]);
    expect(tabStops()).toEqual(['-1', '0']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons()[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(buttons()[1]);
    // Other keys are not the toolbar's.
    const other = fireEvent.keyDown(document.activeElement!, { key: 'a' });
    expect(other).toBe(true);
  });

  it('closes with Escape and gives the keyboard back; the next time it shows, the first button is the Tab stop again', () => {
    const { show, store, actions, left } = setUp();
    show();
    act(() => void actions.run('ai.focusToolbar'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(store.state.kind).toBe('HIDDEN');
    expect(left).toEqual(['editor']);
    show();
    expect(tabStops()).toEqual(['0', '-1']);
  });

  it('runs an action by keyboard or click: says clearly that no AI provider is configured and gives the keyboard back', async () => {
    const { show, store, notifications, left } = setUp();
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit with AI' })));
    expect(store.state.kind).toBe('HIDDEN');
    expect(left).toEqual(['editor']);
    expect(notifications.notices.map((n) => [n.variant, n.message])).toEqual([['error', NO_AI_PROVIDER]]);
  });

  it('hides on scroll and after an empty selection; focus requests do nothing while hidden', () => {
    const { show, store } = setUp();
    show();
    act(() => store.scrolled());
    expect(store.isShown).toBe(false);
    act(() => store.requestFocus());
    expect(store.focusRequest).toBe(0);
    show();
    act(() => store.selectionChanged(undefined));
    expect(store.isShown).toBe(false);
  });
});
