import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { ActionDeclaration } from '../../application/workbench/action-registry';
import { DisposableStore } from '../../base/lifecycle';
import {
  CONFLICT_CHOICE_LABELS,
  ConflictBlock,
  ConflictChoice,
  LinePoint,
  conflictBlockAt,
  conflictEdit,
  parseConflictBlocks,
} from '../../domain/git/conflict-blocks';
import { conflictBlockKey, matchConflictBlock } from '../../domain/git/conflict-block-match';

const ACCEPT_COMMAND = 'bullpen.git.acceptConflict';
const CHOICES: readonly ConflictChoice[] = ['current', 'incoming', 'both'];
/** Context key of an editor whose file has conflict blocks now. */
const HAS_CONFLICT_BLOCKS = 'bullpen.hasConflictBlocks';

export interface ConflictSource {
  /** Paths git reports unmerged (read inside MobX: a change refreshes the lenses). */
  conflictedPaths(): ReadonlySet<string>;
  canEdit(): boolean;
}

const pathOf = (model: monaco.editor.ITextModel): string | undefined => (model.uri.scheme === 'file' ? model.uri.path.replace(/^\//, '') : undefined);

function blocksOf(model: monaco.editor.ITextModel, source: ConflictSource): ConflictBlock[] {
  const path = pathOf(model);
  if (path === undefined || !source.conflictedPaths().has(path)) return [];
  return parseConflictBlocks(model.getValue());
}

/**
 * Accepting a block is one edit of the model: the document's binding turns it into one operation, sent to the
 * workspace and to collaborators like any typing; it is one undo step. The block is found again in the text as it
 * is now (matchConflictBlock: lenses are redrawn a moment after each edit, and a collaborator may have edited since
 * they were drawn); if it is gone nothing happens.
 */
export function acceptConflict(model: monaco.editor.ITextModel, startLine: number, choice: ConflictChoice, key?: string): boolean {
  const block = matchConflictBlock(parseConflictBlocks(model.getValue()), startLine, key);
  if (!block) return false;
  const edit = conflictEdit(block, choice, model.getEOL(), model.getLineCount());
  const position = (p: LinePoint) => ({ lineNumber: p.line, column: p.at === 'start' ? 1 : model.getLineMaxColumn(p.line) });
  const from = position(edit.from);
  const to = position(edit.to);
  model.pushStackElement();
  model.pushEditOperations([], [{ range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: edit.text }], () => null);
  model.pushStackElement();
  return true;
}

function decorations(blocks: readonly ConflictBlock[]): monaco.editor.IModelDeltaDecoration[] {
  const whole = (start: number, end: number, className: string): monaco.editor.IModelDeltaDecoration[] =>
    end < start ? [] : [{ range: new monaco.Range(start, 1, end, 1), options: { isWholeLine: true, className } }];
  return blocks.flatMap((b) => {
    const leftEnd = b.left.startLine + b.left.code.length - 1;
    const baseEnd = b.base ? b.base.startLine + b.base.code.length - 1 : leftEnd;
    const rightEnd = b.right.startLine + b.right.code.length - 1;
    return [
      ...whole(b.startLine, b.startLine, 'bp-conflict-marker'),
      ...whole(b.left.startLine, leftEnd, 'bp-conflict-current'),
      ...(b.base ? whole(b.base.startLine - 1, baseEnd, 'bp-conflict-base') : []),
      ...whole(b.right.startLine - 1, b.right.startLine - 1, 'bp-conflict-marker'),
      ...whole(b.right.startLine, rightEnd, 'bp-conflict-incoming'),
      ...whole(b.endLine, b.endLine, 'bp-conflict-marker'),
    ];
  });
}

/**
 * Conflict blocks in the editor (files git reports unmerged): 'Accept Current Change', 'Accept Incoming Change' and
 * 'Accept Both Changes' as code lenses above each block, the two sides coloured, and the same three as editor
 * actions for the block under the cursor (the editor's context menu; the palette has them too: conflictPaletteActions).
 */
export function installConflictLenses(editor: monaco.editor.IStandaloneCodeEditor, source: ConflictSource): monaco.IDisposable {
  const store = new DisposableStore();
  const lensProvider = store.add(acquireLensProvider(source));

  const shown = editor.createDecorationsCollection();
  // The editor's accept actions (context menu) are offered only while its file has conflict blocks.
  const hasBlocks = editor.createContextKey<boolean>(HAS_CONFLICT_BLOCKS, false);
  const paint = () => {
    const model = editor.getModel();
    const blocks = model ? blocksOf(model, source) : [];
    shown.set(decorations(blocks));
    hasBlocks.set(blocks.length > 0);
  };
  store.add(editor.onDidChangeModel(paint));
  store.add(editor.onDidChangeModelContent(paint));
  const stop = reaction(
    () => [source.conflictedPaths(), source.canEdit()],
    () => {
      lensProvider.refresh();
      paint();
    },
    { fireImmediately: true },
  );
  store.add({ dispose: stop });
  store.add({ dispose: () => shown.clear() });

  for (const choice of CHOICES) {
    store.add(
      editor.addAction({
        id: `bullpen.git.conflict.${choice}`,
        label: `Merge Conflict: ${CONFLICT_CHOICE_LABELS[choice]}`,
        precondition: HAS_CONFLICT_BLOCKS,
        contextMenuGroupId: '1_modification',
        run: (ed) => {
          const model = ed.getModel();
          const line = ed.getPosition()?.lineNumber;
          if (!model || line === undefined || !source.canEdit()) return;
          const block = conflictBlockAt(blocksOf(model, source), line);
          if (block) acceptConflict(model, block.startLine, choice);
        },
      }),
    );
  }
  return store;
}

let sharedLensProvider: { users: number; refresh(): void; dispose(): void } | undefined;

/**
 * The code lenses and their command are Monaco-wide (a provider serves every model): registered once however many
 * editors (one per editor group) show conflicts, removed with the last of them.
 */
function acquireLensProvider(source: ConflictSource): { refresh(): void; dispose(): void } {
  if (!sharedLensProvider) {
    const store = new DisposableStore();
    const changed = store.add(new monaco.Emitter<monaco.languages.CodeLensProvider>());
    store.add(
      monaco.editor.registerCommand(ACCEPT_COMMAND, (_accessor, uri: string, startLine: number, choice: ConflictChoice, key: string) => {
        const model = monaco.editor.getModel(monaco.Uri.parse(uri));
        if (model && source.canEdit()) acceptConflict(model, startLine, choice, key);
      }),
    );
    const provider: monaco.languages.CodeLensProvider = {
      onDidChange: changed.event,
      provideCodeLenses(model) {
        const lenses = source.canEdit()
          ? blocksOf(model, source).flatMap((block) =>
              CHOICES.map((choice) => ({
                range: new monaco.Range(block.startLine, 1, block.startLine, 1),
                command: { id: ACCEPT_COMMAND, title: CONFLICT_CHOICE_LABELS[choice], arguments: [model.uri.toString(), block.startLine, choice, conflictBlockKey(block)] },
              })),
            )
          : [];
        return { lenses, dispose: () => undefined };
      },
    };
    store.add(monaco.languages.registerCodeLensProvider('*', provider));
    sharedLensProvider = { users: 0, refresh: () => changed.fire(provider), dispose: () => store.dispose() };
  }
  const shared = sharedLensProvider;
  shared.users++;
  let released = false;
  return {
    refresh: shared.refresh,
    dispose: () => {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      shared.dispose();
      if (sharedLensProvider === shared) sharedLensProvider = undefined;
    },
  };
}

/**
 * The same three for the workbench's command palette while `editor` is the focused group's (the keyboard's way to
 * them): listed while its cursor is in a conflict block this client may edit; each runs the editor's own action, so a
 * block is accepted the one way. The blocks are read when the palette asks, not on every cursor move.
 */
export function conflictPaletteActions(editor: monaco.editor.IStandaloneCodeEditor, source: ConflictSource): ActionDeclaration[] {
  const inBlock = () => {
    const model = editor.getModel();
    const line = editor.getPosition()?.lineNumber;
    return model !== null && line !== undefined && source.canEdit() && conflictBlockAt(blocksOf(model, source), line) !== undefined;
  };
  return CHOICES.map((choice) => ({
    id: `git.conflict.accept.${choice}`,
    category: 'Merge Conflict',
    label: CONFLICT_CHOICE_LABELS[choice],
    when: inBlock,
    run: () => {
      editor.focus();
      return editor.getAction(`bullpen.git.conflict.${choice}`)?.run();
    },
  }));
}
