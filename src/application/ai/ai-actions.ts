import { ActionDeclaration } from '../workbench/action-registry';
import { AiToolbarStore } from './ai-toolbar.store';

/**
 * The AI toolbar's action: Alt+F10 (the key rich-text editors use to reach their toolbar) moves the keyboard from the
 * editor into the floating toolbar while it shows; there arrow keys, Home and End move, Escape goes back.
 */
export function aiActions({ aiToolbar }: { readonly aiToolbar: AiToolbarStore }): ActionDeclaration[] {
  return [{ id: 'ai.focusToolbar', category: 'AI', label: 'Focus Toolbar', keybinding: 'Alt+F10', when: () => aiToolbar.isShown, run: () => aiToolbar.requestFocus() }];
}
