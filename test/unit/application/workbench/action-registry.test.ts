import 'reflect-metadata';
import { observable, runInAction } from 'mobx';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : undefined,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('ActionRegistry', () => {
  it('serves the palette, the key handler and labels from one declaration', () => {
    const registry = new ActionRegistry();
    const ran: string[] = [];
    registry.register([
      { id: 'b', category: 'View', label: 'Toggle Side Bar', keybinding: 'CtrlCmd+B', run: () => ran.push('b') },
      { id: 'a', label: 'Show All Commands', keybinding: 'CtrlCmd+Shift+P', run: () => ran.push('a') },
    ]);
    expect(registry.available.map((a) => [a.id, a.keyLabel])).toEqual([
      ['a', 'Ctrl+Shift+P'],
      ['b', 'Ctrl+B'],
    ]);
    registry.setPlatform('mac');
    expect(registry.get('b')?.keyLabel).toBe('Cmd+B');
    expect(registry.forKey(press('b', { metaKey: true }), false)?.id).toBe('b');
    expect(registry.forKey(press('b', { ctrlKey: true }), false)).toBeUndefined();
    expect(registry.run('a')).toBe(true);
    expect(ran).toEqual(['a']);
  });

  it('hides an action whose precondition fails from the palette and from its key', () => {
    const registry = new ActionRegistry();
    const editorOpen = observable.box(false);
    let saved = 0;
    registry.register([{ id: 'save', label: 'Save', keybinding: 'CtrlCmd+S', when: () => editorOpen.get(), run: () => saved++ }]);
    expect(registry.available).toEqual([]);
    expect(registry.forKey(press('s', { ctrlKey: true }), true)).toBeUndefined();
    expect(registry.run('save')).toBe(false);
    runInAction(() => editorOpen.set(true));
    expect(registry.available.map((a) => a.id)).toEqual(['save']);
    expect(registry.forKey(press('s', { ctrlKey: true }), true)?.id).toBe('save');
    expect(registry.run('save')).toBe(true);
    expect(saved).toBe(1);
  });

  it('keeps a binding out of text fields when the action asks', () => {
    const registry = new ActionRegistry();
    registry.register([{ id: 'x', label: 'X', keybinding: 'Alt+W', inInputs: false, run: () => undefined }]);
    expect(registry.forKey(press('w', { altKey: true }), true)).toBeUndefined();
    expect(registry.forKey(press('w', { altKey: true }), false)?.id).toBe('x');
  });

  it('refuses a declaration with an unknown key and unregisters what it registered', () => {
    const registry = new ActionRegistry();
    expect(() => registry.register([{ id: 'bad', label: 'Bad', keybinding: 'CtrlCmd+Nope', run: () => undefined }])).toThrow('unknown keybinding key');
    const dispose = registry.register([{ id: 'ok', label: 'OK', run: () => undefined }]);
    dispose();
    expect(registry.all).toEqual([]);
  });

  it('applies keyWhen to the key binding only: the palette lists the action and run runs it', () => {
    const registry = new ActionRegistry();
    let focused = false;
    let runs = 0;
    registry.register([{ id: 'commit', label: 'Commit', keybinding: 'Ctrl+Enter', keyWhen: () => focused, run: () => runs++ }]);
    const ctrlEnter = press('Enter', { ctrlKey: true });
    expect(registry.forKey(ctrlEnter, true)).toBeUndefined();
    expect(registry.available.map((a) => a.id)).toEqual(['commit']);
    expect(registry.run('commit')).toBe(true);
    focused = true;
    expect(registry.forKey(ctrlEnter, true)?.id).toBe('commit');
    expect(runs).toBe(1);
  });
});
