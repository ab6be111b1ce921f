import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { EditorNavigationStore } from '../../../../src/application/editor/editor-navigation.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { EditorGroupsStore } from '../../../../src/application/editor/editor-groups.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { DocumentsPort, OpenedDocument } from '../../../../src/application/ports/documents.port';
import { FileTreeOperationResult, FileTreePort } from '../../../../src/application/ports/file-tree.port';
import { NotifyError } from '../../../../src/application/tokens';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { accessAs } from '../../application/support/access';
import { JsonTreeNode, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';

/** A workspace of text files for view tests: a tree of the given paths, documents that open with their text. */
export class FakeWorkspace implements FileTreePort, DocumentsPort {
  readonly onDidReceiveOperations = new Emitter<never>().event;
  readonly onDidReceiveOperation = new Emitter<never>().event;
  readonly onDidReceiveSelections = new Emitter<never>().event;
  readonly onDidSave = new Emitter<never>().event;
  readonly onDidJoinFile = new Emitter<never>().event;
  readonly onDidLeaveFile = new Emitter<never>().event;
  readonly opened: string[] = [];
  readonly openedByPath: string[] = [];
  readonly closed: string[] = [];
  private readonly nodes: JsonTreeNode[] = [{ id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null }];
  private readonly texts = new Map<string, string>();
  /** File ids by path: the tree's files and those only the workspace has (`unlisted`). */
  private readonly ids = new Map<string, string>();

  constructor(files: Record<string, string>) {
    const dirs = new Map<string, string>([['', ROOT_ID]]);
    const dirOf = (path: string): string => {
      const known = dirs.get(path);
      if (known) return known;
      const slash = path.lastIndexOf('/');
      const id = `d${dirs.size}`;
      this.nodes.push({ id, type: NodeType.Directory, name: path.slice(slash + 1), parentId: dirOf(slash < 0 ? '' : path.slice(0, slash)) });
      dirs.set(path, id);
      return id;
    };
    Object.entries(files).forEach(([path, text], i) => {
      const slash = path.lastIndexOf('/');
      const id = `f${i}`;
      this.nodes.push({ id, type: NodeType.File, name: path.slice(slash + 1), parentId: dirOf(slash < 0 ? '' : path.slice(0, slash)) });
      this.texts.set(id, text);
      this.ids.set(path, id);
    });
  }

  /** A file the workspace has but its tree does not list yet (just written by a program): only openByPath finds it. */
  unlisted(path: string, text: string): string {
    const id = `u${this.ids.size}`;
    this.ids.set(path, id);
    this.texts.set(id, text);
    return id;
  }

  read = async () => ({ nodes: this.nodes, clock: 1 });
  readdir = async () => [];
  /** Tree changes are not part of these views' tests. */
  operation = async (): Promise<FileTreeOperationResult> => {
    throw new Error('FakeWorkspace does not change the tree');
  };
  open = async (fileId: string): Promise<OpenedDocument> => {
    this.opened.push(fileId);
    return { fileId, isBinary: false, content: this.texts.get(fileId) ?? '', revision: 0, savedHash: '', selections: {}, participants: {} };
  };
  openByPath = async (path: string): Promise<OpenedDocument> => {
    this.openedByPath.push(path);
    const fileId = this.ids.get(path.replace(/^\/+/, ''));
    if (fileId === undefined) throw new Error(`Failed to retrieve the file at ${path}: file not found.`);
    return this.open(fileId);
  };
  sendOperation = async () => ({ revision: 1 });
  acknowledge = async () => undefined;
  sendSelection = async () => undefined;
  save = async () => undefined;
  close = async (fileId: string): Promise<void> => void this.closed.push(fileId);
}

/**
 * Binds the real editor, tree and navigation stores over a fake workspace, for a writer unless the test bound its own
 * AccessStore; returns the errors they report.
 */
export async function bindEditor(c: Container, workspace: FakeWorkspace): Promise<string[]> {
  const errors: string[] = [];
  if (!c.isBound(AccessStore)) c.bind(AccessStore).toConstantValue(accessAs('write').access);
  c.bind(FileTreePort).toConstantValue(workspace);
  c.bind(DocumentsPort).toConstantValue(workspace);
  c.bind<NotifyError>(NotifyError).toConstantValue((message) => void errors.push(message));
  for (const store of [FileTreeStore, EditorGroupsStore, EditorStore, EditorNavigationStore]) c.bind(store).toSelf().inSingletonScope();
  await c.get(FileTreeStore).load();
  return errors;
}
