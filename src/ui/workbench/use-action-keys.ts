import { useEffect } from 'react';
import { ActionRegistry } from '../../application/workbench/action-registry';

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');

/** Routes key presses to the registry's actions (capture phase, so the editor and terminal do not swallow them). */
export function useActionKeys(actions: ActionRegistry): void {
  useEffect(() => {
    actions.setPlatform(/Mac|iPhone|iPad/.test(navigator.platform) ? 'mac' : 'other');
    const keydown = (e: KeyboardEvent) => {
      if (e.repeat && !e.ctrlKey && !e.metaKey) return;
      const found = actions.forKey(e, isTextField(e.target));
      if (!found) return;
      e.preventDefault();
      e.stopPropagation();
      actions.run(found.id);
    };
    window.addEventListener('keydown', keydown, true);
    return () => window.removeEventListener('keydown', keydown, true);
  }, [actions]);
}
