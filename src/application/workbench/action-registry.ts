import { injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { Chord, KeyEventLike, Platform, formatKeybinding, matchesChord, parseKeybinding } from '../../domain/workbench/keybinding';

/**
 * An action is declared once: its id, label, key binding, precondition and what it runs. The command palette, the
 * menus and the key handler all read it from this registry, so a label or binding is never written twice.
 */
export interface ActionDeclaration {
  readonly id: string;
  readonly label: string;
  /** Shown before the label in the palette, e.g. 'File', 'View', 'Git'. */
  readonly category?: string;
  /** Spec 002 §5 keybinding string, e.g. 'CtrlCmd+Shift+P'. */
  readonly keybinding?: string;
  /** When false the action is hidden from the palette and its key does nothing. Read inside MobX, so it may observe stores. */
  readonly when?: () => boolean;
  /**
   * An extra precondition of the key binding only (the palette and `run` ignore it): e.g. Ctrl/Cmd+Enter commits
   * while the commit message has focus, elsewhere the editor keeps the key, yet the palette always lists the commit.
   */
  readonly keyWhen?: () => boolean;
  /** Whether the key binding also works while focus is in a text field or the editor (default true). */
  readonly inInputs?: boolean;
  readonly run: () => unknown;
}

export interface RegisteredAction extends ActionDeclaration {
  readonly chord?: Chord;
  /** The key binding as this platform shows it ('Ctrl+Shift+P'), or undefined. */
  readonly keyLabel?: string;
}

@injectable()
export class ActionRegistry {
  private readonly actions = observable.map<string, RegisteredAction>({}, { deep: false });
  platform: Platform = 'other';

  constructor() {
    makeObservable(this, { register: action, all: computed, available: computed, platform: observable, setPlatform: action });
  }

  setPlatform(platform: Platform): void {
    this.platform = platform;
  }

  /** Registers actions; returns a function that removes them. A duplicate id replaces the earlier declaration. */
  register(declarations: readonly ActionDeclaration[]): () => void {
    for (const declaration of declarations) {
      const chord = declaration.keybinding ? parseKeybinding(declaration.keybinding) : undefined;
      this.actions.set(declaration.id, { ...declaration, chord, keyLabel: undefined });
    }
    return action(() => {
      for (const declaration of declarations) if (this.actions.get(declaration.id)?.run === declaration.run) this.actions.delete(declaration.id);
    });
  }

  get all(): RegisteredAction[] {
    return [...this.actions.values()].map((a) => ({ ...a, keyLabel: a.chord ? formatKeybinding(a.chord, this.platform) : undefined }));
  }

  /** The actions whose precondition holds, sorted by category and label (the palette's list). */
  get available(): RegisteredAction[] {
    return this.all.filter((a) => a.when?.() ?? true).sort((a, b) => paletteLabel(a).localeCompare(paletteLabel(b)));
  }

  get(id: string): RegisteredAction | undefined {
    return this.all.find((a) => a.id === id);
  }

  /** Runs an action if its precondition holds; returns whether it ran. */
  run(id: string): boolean {
    const found = this.actions.get(id);
    if (!found || !(found.when?.() ?? true)) return false;
    void found.run();
    return true;
  }

  /** The action a key press means, if any (the first registered wins a clash). `inInput` is true inside text fields. */
  forKey(event: KeyEventLike, inInput: boolean): RegisteredAction | undefined {
    for (const candidate of this.actions.values()) {
      if (!candidate.chord || !matchesChord(candidate.chord, event, this.platform)) continue;
      if (inInput && candidate.inInputs === false) continue;
      if (candidate.when && !candidate.when()) continue;
      if (candidate.keyWhen && !candidate.keyWhen()) continue;
      return candidate;
    }
    return undefined;
  }
}

export const paletteLabel = (a: ActionDeclaration): string => (a.category ? `${a.category}: ${a.label}` : a.label);
