import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { FsOperation, NodeType, ROOT_ID } from '../../domain/fs/file-tree.types';
import { treeKeyIntent } from '../../domain/fs/tree-navigation';
import { TreeRow, nodeKey, treeRows } from '../../domain/fs/tree-rows';
import { EditorStore } from '../editor/editor.store';
import { NotifyError } from '../tokens';
import { AccessStore } from '../workspace/access.store';
import { FileTreeStore } from './file-tree.store';
import { newNodeId } from './node-id';

/** A name being typed in the tree: a new entry in a directory, or a new name for a node. */
export type InlineEdit =
  | { readonly kind: 'create'; readonly parentId: string; readonly type: NodeType; readonly error?: string }
  | { readonly kind: 'rename'; readonly id: string; readonly error?: string };

/** A delete waiting for the user's confirmation. */
export interface DeleteConfirmation {
  readonly id: string;
  readonly name: string;
  readonly isDirectory: boolean;
}

/** The row a context menu is open on, and where (client coordinates) when it was opened by the pointer. */
export interface ContextMenu {
  readonly key: string;
  readonly x?: number;
  readonly y?: number;
}

export type NodeRow = Extract<TreeRow, { kind: 'node' }>;
export type EntryRow = Extract<TreeRow, { kind: 'node' | 'listed' }>;

const PROBE_ID = '\u0000probe';

/**
 * The explorer's state and use cases: the visible rows, the focused row (roving tabindex), keyboard navigation,
 * inline create and rename, delete with confirmation, moves, the context menu. Tree changes go through
 * FileTreeStore.perform (optimistic, reverted on refusal); a refusal's text is shown as an error toast. Creating,
 * renaming, moving and deleting follow this client's current permissions (fs.operation): without them they are not
 * offered, and a name input or delete confirmation open when they go away closes.
 */
@injectable()
export class ExplorerStore extends DisposableBase {
  /** The row that takes Tab focus; the first row when unset or gone. */
  focusedKey: string | undefined = undefined;
  /** Whether keyboard focus is inside the tree (its rows, its inputs, its menu). */
  treeFocused = false;
  edit: InlineEdit | undefined = undefined;
  confirmation: DeleteConfirmation | undefined = undefined;
  menu: ContextMenu | undefined = undefined;
  /** Grows when the view should scroll the focused row into view and give it keyboard focus. */
  focusRequest = 0;

  constructor(
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(AccessStore) private readonly access: AccessStore,
  ) {
    super();
    makeObservable(this, {
      canChange: computed,
      focusedKey: observable,
      treeFocused: observable,
      edit: observable.ref,
      confirmation: observable.ref,
      menu: observable.ref,
      focusRequest: observable,
      rows: computed,
      rowIndex: computed,
      focusedRow: computed,
      target: computed,
      targetPath: computed,
      rowFocused: computed,
      setTreeFocused: action,
      focus: action,
      requestFocus: action,
      handleKey: action,
      activate: action,
      startCreate: action,
      startRename: action,
      cancelEdit: action,
      commitEdit: action,
      requestDelete: action,
      cancelDelete: action,
      confirmDelete: action,
      openMenu: action,
      closeMenu: action,
      dismissMenu: action,
      revealActiveFile: action,
      abandonEdits: action,
    });
    this.register(
      reaction(
        () => this.canChange,
        (canChange) => !canChange && this.abandonEdits(),
      ),
    );
  }

  /** Whether files and folders may be created, renamed, moved and deleted now (fs.operation). */
  get canChange(): boolean {
    return this.access.can.changeFiles;
  }

  /** A drop of tree nodes (a move) or of files from the desktop (an upload) is taken now. */
  acceptsDrop(kind: 'nodes' | 'files'): boolean {
    return kind === 'nodes' ? this.canChange : this.access.can.upload;
  }

  /** A row can be dragged (to move it): a tree node not being renamed, while moves are allowed. */
  isDraggable(row: TreeRow): boolean {
    return this.canChange && row.kind === 'node' && !(this.edit?.kind === 'rename' && this.edit.id === row.id);
  }

  /** The permission to change files went away: a name being typed or a delete being confirmed is dropped. */
  abandonEdits(): void {
    this.edit = undefined;
    this.confirmation = undefined;
  }

  get rows(): TreeRow[] {
    const creating = this.edit?.kind === 'create' ? { parentId: this.edit.parentId, type: this.edit.type } : undefined;
    const { tree, expanded, listings, expandedPaths } = this.files;
    return treeRows({ tree, expanded, listings, expandedPaths, creating });
  }

  get rowIndex(): ReadonlyMap<string, number> {
    return new Map(this.rows.map((row, index) => [row.key, index]));
  }

  /** The row with Tab focus: the focused one, else the first entry. */
  get focusedRow(): EntryRow | undefined {
    const index = this.focusedKey === undefined ? undefined : this.rowIndex.get(this.focusedKey);
    const row = index === undefined ? undefined : this.rows[index];
    if (row && (row.kind === 'node' || row.kind === 'listed')) return row;
    return this.rows.find((r): r is EntryRow => r.kind === 'node' || r.kind === 'listed');
  }

  /** The tree node the row actions (rename, delete, download) apply to: the focused row when it is a node. */
  get target(): NodeRow | undefined {
    const row = this.focusedKey === undefined ? undefined : this.focusedRow;
    return row?.kind === 'node' ? row : undefined;
  }

  /** The workspace path the row actions' download applies to: the focused row's (a listed entry too). */
  get targetPath(): string | undefined {
    return this.focusedKey === undefined ? undefined : this.focusedRow?.path;
  }

  /** A node row has keyboard focus and no name is being typed: F2 and Delete apply to it. */
  get rowFocused(): boolean {
    return this.treeFocused && this.edit === undefined && this.confirmation === undefined && this.target !== undefined;
  }

  setTreeFocused(focused: boolean): void {
    this.treeFocused = focused;
  }

  focus(key: string, options: { reveal?: boolean } = {}): void {
    this.focusedKey = key;
    if (options.reveal) this.focusRequest++;
  }

  /** Asks the view to put keyboard focus on the focused row. */
  requestFocus(): void {
    this.focusRequest++;
  }

  /** A key pressed on a row; returns whether it meant something (the view then prevents the default). */
  handleKey(key: string): boolean {
    const row = this.focusedRow;
    if (!row) return false;
    const intent = treeKeyIntent(this.rows, this.rowIndex.get(row.key) ?? 0, key);
    if (!intent) return false;
    if (intent.kind === 'focus') this.focus(intent.key, { reveal: true });
    else if (intent.kind === 'activate') this.activate(intent.key);
    else this.setOpen(intent.key, intent.kind === 'expand');
    return true;
  }

  /** Click or Enter on a row: a file opens in the editor, a folder folds or unfolds. */
  activate(key: string): void {
    const row = this.rowAt(key);
    if (!row) return;
    this.focusedKey = key;
    if (row.isDirectory) this.setOpen(key, !row.expanded);
    else if (row.kind === 'node') void this.editor.open(row.id);
  }

  private setOpen(key: string, open: boolean): void {
    const row = this.rowAt(key);
    if (!row || !row.isDirectory) return;
    if (row.kind === 'node') this.files.setExpanded(row.id, open);
    else if (row.expanded !== open) this.files.togglePath(row.path);
  }

  private rowAt(key: string): EntryRow | undefined {
    const index = this.rowIndex.get(key);
    const row = index === undefined ? undefined : this.rows[index];
    return row && (row.kind === 'node' || row.kind === 'listed') ? row : undefined;
  }

  /** The directory a new entry goes into: the focused folder, the focused file's folder, else the root. */
  private targetDirectory(): string {
    const target = this.target;
    if (!target) return ROOT_ID;
    if (target.isDirectory && !target.listedOnDemand) return target.id;
    return this.files.tree.get(target.id)?.parentId ?? ROOT_ID;
  }

  /** Opens the name input for a new file or folder ('File: New File…', 'File: New Folder…'). */
  startCreate(type: NodeType, parentId: string = this.targetDirectory()): void {
    this.menu = undefined;
    if (!this.canChange) return;
    if (parentId !== ROOT_ID) this.files.setExpanded(parentId, true);
    this.edit = { kind: 'create', parentId, type };
  }

  /** Opens the name input on the focused node ('File: Rename', F2). */
  startRename(): void {
    const target = this.target;
    this.menu = undefined;
    if (target && this.canChange) this.edit = { kind: 'rename', id: target.id };
  }

  cancelEdit(): void {
    if (!this.edit) return;
    this.edit = undefined;
    this.focusRequest++;
  }

  /** Why `name` cannot be used for the edit in progress (the spec 002 §5 texts), or undefined when it can. */
  validateName(name: string): string | undefined {
    const operation = this.editOperation(name, PROBE_ID);
    if (!operation || this.files.tree.isNoop(operation)) return undefined;
    const checked = this.files.tree.check(operation);
    return checked.ok ? undefined : checked.error.message;
  }

  private editOperation(name: string, newId: string): FsOperation | undefined {
    const edit = this.edit;
    if (!edit) return undefined;
    if (edit.kind === 'create') return { type: 'create', parentId: edit.parentId, newEntry: { id: newId, type: edit.type, name } };
    return { type: 'move', id: edit.id, name };
  }

  /**
   * Enter in the name input: an invalid name keeps the input open with its text; a valid one closes it and the
   * operation shows at once (reverted, with a toast, if the server refuses it). A new file opens in the editor.
   */
  async commitEdit(name: string): Promise<boolean> {
    const edit = this.edit;
    if (!edit) return false;
    const error = this.validateName(name);
    if (error !== undefined) {
      this.edit = { ...edit, error };
      return false;
    }
    const id = edit.kind === 'create' ? newNodeId() : edit.id;
    const operation = this.editOperation(name, id) as FsOperation;
    this.edit = undefined;
    this.focus(nodeKey(id), { reveal: true });
    const result = await this.files.perform(operation);
    if (!result.ok) {
      this.notifyError(result.error);
      return false;
    }
    if (edit.kind === 'create' && edit.type === NodeType.File) void this.editor.open(id);
    return true;
  }

  /** 'File: Delete' (the Delete key): asks for confirmation first. */
  requestDelete(): void {
    const target = this.target;
    this.menu = undefined;
    if (target && this.canChange) this.confirmation = { id: target.id, name: target.name, isDirectory: target.isDirectory };
  }

  cancelDelete(): void {
    this.confirmation = undefined;
    this.focusRequest++;
  }

  async confirmDelete(): Promise<boolean> {
    const confirmation = this.confirmation;
    if (!confirmation) return false;
    this.confirmation = undefined;
    this.focusNeighbourOf(nodeKey(confirmation.id));
    const result = await this.files.perform({ type: 'delete', id: confirmation.id });
    if (!result.ok) this.notifyError(result.error);
    return result.ok;
  }

  /** Focuses the row that takes a removed row's place: the next one outside it, else the one before. */
  private focusNeighbourOf(key: string): void {
    const index = this.rowIndex.get(key);
    if (index === undefined) return;
    const { depth } = this.rows[index];
    const isEntry = (r: TreeRow) => r.kind === 'node' || r.kind === 'listed';
    const after = this.rows.slice(index + 1).find((r) => isEntry(r) && r.depth <= depth);
    const before = this.rows.slice(0, index).reverse().find(isEntry);
    const next = after ?? before;
    if (next) this.focus(next.key, { reveal: true });
  }

  /** The directory a drop on row `key` lands in: a folder itself, a file's folder; none for entries listed from disk. */
  dropDirectory(key: string): string | undefined {
    const row = this.rowAt(key);
    if (!row || row.kind !== 'node') return undefined;
    if (row.isDirectory && !row.listedOnDemand) return row.id;
    return this.files.tree.get(row.id)?.parentId;
  }

  /** The row key of `dropDirectory(key)` ('root' for the workspace root), for the drop highlight. */
  dropDirectoryKey(key: string): string | undefined {
    const id = this.dropDirectory(key);
    return id === undefined ? undefined : id === ROOT_ID ? 'root' : nodeKey(id);
  }

  /** Moves a node into a directory (drag and drop), keeping its name. */
  async move(id: string, parentId: string): Promise<boolean> {
    const node = this.files.tree.get(id);
    if (!node || node.parentId === parentId || !this.canChange) return false;
    const result = await this.files.perform({ type: 'move', id, parentId });
    if (!result.ok) {
      this.notifyError(result.error);
      return false;
    }
    runInAction(() => {
      if (parentId !== ROOT_ID) this.files.setExpanded(parentId, true);
      this.focus(nodeKey(id), { reveal: true });
    });
    return true;
  }

  openMenu(key: string, position?: { x: number; y: number }): void {
    this.focusedKey = key;
    this.menu = { key, ...position };
  }

  closeMenu(): void {
    if (!this.menu) return;
    this.menu = undefined;
    this.focusRequest++;
  }

  /** Closes the menu without taking focus back (it went elsewhere). */
  dismissMenu(): void {
    this.menu = undefined;
  }

  /** 'File: Reveal Active File in Explorer': unfolds the active file's folders and focuses its row. */
  revealActiveFile(): boolean {
    const id = this.editor.activeFileId;
    if (id === undefined || !this.files.tree.has(id)) return false;
    this.files.reveal(id);
    this.focus(nodeKey(id), { reveal: true });
    return true;
  }
}
