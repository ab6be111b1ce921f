import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { EditorStore } from '../editor/editor.store';
import { FileTreeStore } from '../files/file-tree.store';
import { GitPort, GitPortError } from '../ports/git.port';
import { RawFsPort } from '../ports/raw-fs.port';
import { GitStore } from './git.store';

/** A diff of one changed file against HEAD, shown as a tab of the editor area. */
export interface DiffTab {
  readonly path: string;
}

/**
 * The modified side: the open document (the editor's live model shows it, `text` is its content when the diff was
 * loaded), or the file's content on disk ('' for a deleted file).
 */
export type ModifiedSide = { readonly kind: 'document'; readonly fileId: string; readonly text: string } | { readonly kind: 'file'; readonly text: string };

export type DiffSides =
  | { readonly kind: 'LOADING' }
  | { readonly kind: 'READY'; readonly original: string; readonly modified: ModifiedSide }
  | { readonly kind: 'FAILED'; readonly message: string };

const LOADING: DiffSides = { kind: 'LOADING' };

/**
 * The diff tabs next to the editor's file tabs. The editor area shows the active diff instead of the active file; a
 * file tab becoming active hides it. The original side is the file at HEAD (git/remoteContent with HEAD's commit, so
 * an `origin/HEAD` cannot stand in for it; a staged rename's or copy's under its old path; a file HEAD does not have
 * is empty); the modified side is the open
 * document when there is one, else the file on disk. Both reload when the status changes (a commit moves HEAD, a
 * discard or a change on disk changes the file) and when the tab is activated again.
 */
@injectable()
export class DiffTabsStore extends DisposableBase {
  tabs: readonly DiffTab[] = [];
  activePath: string | undefined = undefined;
  sides: ReadonlyMap<string, DiffSides> = new Map();
  private readonly loads = new Map<string, number>();
  private loadSeq = 0;

  constructor(
    @inject(GitPort) private readonly port: GitPort,
    @inject(GitStore) private readonly git: GitStore,
    @inject(RawFsPort) private readonly fs: RawFsPort,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
  ) {
    super();
    makeObservable<DiffTabsStore, 'setSides'>(this, {
      tabs: observable.ref,
      activePath: observable,
      sides: observable.ref,
      active: computed,
      open: action,
      activate: action,
      deactivate: action,
      close: action,
      setSides: action,
    });
    // A file tab that becomes active (the explorer, quick open, a click on its tab) takes the editor area back.
    this.register(
      reaction(
        () => editor.activeFileId,
        () => this.deactivate(),
      ),
    );
    this.register(
      reaction(
        () => git.status,
        () => {
          for (const tab of this.tabs) void this.load(tab.path);
        },
      ),
    );
  }

  get active(): DiffTab | undefined {
    return this.tabs.find((t) => t.path === this.activePath);
  }

  sidesOf(path: string): DiffSides {
    return this.sides.get(path) ?? LOADING;
  }

  /** Shows the diff of a file against HEAD (a tab of its own, opened once). */
  open(path: string): Promise<void> {
    if (!this.tabs.some((t) => t.path === path)) this.tabs = [...this.tabs, { path }];
    this.activePath = path;
    return this.load(path);
  }

  activate(path: string): void {
    if (!this.tabs.some((t) => t.path === path)) return;
    this.activePath = path;
    void this.load(path);
  }

  /** The active file tab shows again. */
  deactivate(): void {
    this.activePath = undefined;
  }

  close(path: string): void {
    const index = this.tabs.findIndex((t) => t.path === path);
    if (index < 0) return;
    this.tabs = this.tabs.filter((t) => t.path !== path);
    if (this.activePath === path) this.activePath = this.tabs[Math.min(index, this.tabs.length - 1)]?.path;
    const sides = new Map(this.sides);
    sides.delete(path);
    this.sides = sides;
    this.loads.delete(path);
  }

  /** Loads both sides; an older load that answers late is dropped. */
  async load(path: string): Promise<void> {
    const seq = ++this.loadSeq;
    this.loads.set(path, seq);
    if (!this.sides.has(path)) this.setSides(path, LOADING);
    try {
      const [original, modified] = await Promise.all([this.original(path), this.modified(path)]);
      if (this.loads.get(path) === seq) this.setSides(path, { kind: 'READY', original, modified });
    } catch (error) {
      if (this.loads.get(path) === seq) this.setSides(path, { kind: 'FAILED', message: (error as Error).message });
    }
  }

  private async original(path: string): Promise<string> {
    const reference = this.git.status?.head;
    if (reference === undefined) return ''; // no commit yet: everything is new
    // A staged rename or copy is compared with the file it came from.
    const from = this.git.changedFiles.find((f) => f.path === path && !f.deleted)?.oldPath ?? path;
    try {
      return await this.port.remoteContent(reference, from);
    } catch (error) {
      if (error instanceof GitPortError && error.failure === 'remote-file-not-found') return '';
      throw error;
    }
  }

  private async modified(path: string): Promise<ModifiedSide> {
    const fileId = this.files.fileAt(path)?.id;
    const session = fileId !== undefined ? this.editor.session(fileId) : undefined;
    if (session) return { kind: 'document', fileId: session.fileId, text: session.content };
    if (this.git.changedFiles.some((f) => f.path === path && f.deleted)) return { kind: 'file', text: '' };
    return { kind: 'file', text: new TextDecoder().decode(await this.fs.readFile(path)) };
  }

  private setSides(path: string, sides: DiffSides): void {
    if (!this.tabs.some((t) => t.path === path)) return;
    const next = new Map(this.sides);
    next.set(path, sides);
    this.sides = next;
  }
}
