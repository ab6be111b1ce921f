import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { EditorStore } from '../editor/editor.store';
import { SearchPort } from '../ports/search.port';
import { ActionRegistry, RegisteredAction, paletteLabel } from './action-registry';

export interface QuickItem {
  readonly id: string;
  readonly label: string;
  readonly detail?: string;
  readonly keyLabel?: string;
  /** UTF-16 ranges of `label` to highlight. */
  readonly highlights?: ReadonlyArray<{ start: number; end: number }>;
}

/** The command palette ('>' prefix, Ctrl/Cmd+Shift+P) and quick open over path search (Ctrl/Cmd+P) share one box. */
export type QuickInputState =
  | { kind: 'closed' }
  | { kind: 'commands'; query: string; selected: number }
  | { kind: 'files'; query: string; selected: number; matches: readonly QuickItem[]; searching: boolean }
  | { kind: 'pick'; query: string; selected: number; pick: QuickPick };

/** A list to choose from (e.g. the colour theme picker): `onActive` previews the highlighted item, `onCancel` undoes it. */
export interface QuickPick {
  readonly placeholder: string;
  readonly items: readonly QuickItem[];
  readonly initial?: string;
  onAccept(id: string): void;
  onActive?(id: string): void;
  onCancel?(): void;
}

const PATH_SEARCH_DEBOUNCE_MS = 60;

@injectable()
export class QuickInputStore {
  state: QuickInputState = { kind: 'closed' };
  private pathRequest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @inject(ActionRegistry) private readonly actions: ActionRegistry,
    @inject(SearchPort) private readonly search: SearchPort,
    @inject(EditorStore) private readonly editor: EditorStore,
  ) {
    makeObservable(this, { state: observable.ref, items: computed, openCommands: action, openFiles: action, openPick: action, close: action, type: action, move: action });
  }

  openCommands(): void {
    this.state = { kind: 'commands', query: '', selected: 0 };
  }

  openFiles(): void {
    this.state = { kind: 'files', query: '', selected: 0, matches: [], searching: false };
    this.searchPaths('');
  }

  openPick(pick: QuickPick): void {
    const selected = Math.max(0, pick.items.findIndex((i) => i.id === pick.initial));
    this.state = { kind: 'pick', query: '', selected, pick };
  }

  /** Escape or a click outside: a pick is cancelled (its preview undone). */
  close(): void {
    const state = this.state;
    this.state = { kind: 'closed' };
    clearTimeout(this.timer);
    if (state.kind === 'pick') state.pick.onCancel?.();
  }

  /** Typing: a leading '>' in quick open switches to commands, deleting it in the palette switches back. */
  type(text: string): void {
    if (this.state.kind === 'closed') return;
    if (this.state.kind === 'pick') {
      this.state = { ...this.state, query: text, selected: 0 };
      this.activate();
      return;
    }
    if (text.startsWith('>')) {
      this.state = { kind: 'commands', query: text.slice(1).trimStart(), selected: 0 };
      return;
    }
    if (this.state.kind === 'commands') {
      this.state = { kind: 'files', query: text, selected: 0, matches: [], searching: true };
    } else {
      this.state = { ...this.state, query: text, selected: 0, searching: true };
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.searchPaths(text), PATH_SEARCH_DEBOUNCE_MS);
  }

  /** Arrow keys: moves the selection, wrapping around. */
  move(delta: number): void {
    if (this.state.kind === 'closed') return;
    const count = this.items.length;
    if (count === 0) return;
    this.state = { ...this.state, selected: (this.state.selected + delta + count) % count };
    this.activate();
  }

  private activate(): void {
    if (this.state.kind !== 'pick') return;
    const item = this.items[this.state.selected];
    if (item) this.state.pick.onActive?.(item.id);
  }

  get items(): readonly QuickItem[] {
    const state = this.state;
    if (state.kind === 'closed') return [];
    if (state.kind === 'files') return state.matches;
    if (state.kind === 'pick') return filterItems(state.pick.items, state.query);
    return filterActions(this.actions.available, state.query);
  }

  /** Enter, or a click on item `index` (the selected one by default). */
  async accept(index?: number): Promise<void> {
    const state = this.state;
    if (state.kind === 'closed') return;
    const item = this.items[index ?? state.selected];
    this.state = { kind: 'closed' };
    clearTimeout(this.timer);
    if (!item) {
      if (state.kind === 'pick') state.pick.onCancel?.();
      return;
    }
    if (state.kind === 'pick') {
      state.pick.onAccept(item.id);
      return;
    }
    if (state.kind === 'commands') {
      this.actions.run(item.id);
      return;
    }
    // A match the tree has not caught up with yet is opened by its path.
    await this.editor.openPath(item.id);
  }

  private searchPaths(text: string): void {
    const request = ++this.pathRequest;
    this.search.pathSearch(text).then(
      (matches) => this.setMatches(request, matches.slice(0, 50)),
      // Path search unavailable (browser-only mode, connection lost): no matches rather than a stuck spinner.
      () => this.setMatches(request, []),
    );
  }

  private setMatches(request: number, matches: ReadonlyArray<{ path: string; ranges: ReadonlyArray<{ start: number; end: number }> }>): void {
    if (request !== this.pathRequest) return;
    runInAction(() => {
      if (this.state.kind !== 'files') return;
      const items = matches.map((m) => {
        // Path search answers '/'-rooted workspace paths (docs/protocol/search.md); the tree's paths are relative.
        const cut = m.path.startsWith('/') ? 1 : 0;
        const path = m.path.slice(cut);
        const ranges = m.ranges.map((r) => ({ start: r.start - cut, end: r.end - cut })).filter((r) => r.end > 0);
        return { id: path, label: path.split('/').pop() ?? path, detail: path, highlights: labelRanges(path, ranges) };
      });
      this.state = { ...this.state, matches: items, searching: false, selected: 0 };
    });
  }
}

/** Ranges of the whole path moved onto its last segment (the label); ranges in the folder part are dropped. */
function labelRanges(path: string, ranges: ReadonlyArray<{ start: number; end: number }>): Array<{ start: number; end: number }> {
  const offset = path.lastIndexOf('/') + 1;
  return ranges.filter((r) => r.end > offset).map((r) => ({ start: Math.max(0, r.start - offset), end: r.end - offset }));
}

const matchesWords = (text: string, query: string): boolean =>
  query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => text.toLowerCase().includes(w));

export function filterItems(items: readonly QuickItem[], query: string): QuickItem[] {
  return items.filter((i) => matchesWords(`${i.label} ${i.detail ?? ''}`, query));
}

/** Every word of the query must occur in the action's label or category, case-insensitively. */
export function filterActions(actions: readonly RegisteredAction[], query: string): QuickItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return actions
    .filter((a) => words.every((w) => paletteLabel(a).toLowerCase().includes(w) || a.id.toLowerCase().includes(w)))
    .map((a) => ({ id: a.id, label: paletteLabel(a), keyLabel: a.keyLabel }));
}
