import type * as monaco from 'monaco-editor';
import { TextOperation } from '../../domain/ot/text-operation';

/** Monaco's content changes of one event (offsets relative to the text before it) as one operation. */
export function operationFromChanges(changes: readonly monaco.editor.IModelContentChange[], baseLength: number): TextOperation {
  const sorted = [...changes].sort((a, b) => a.rangeOffset - b.rangeOffset);
  const op = new TextOperation();
  let position = 0;
  for (const change of sorted) {
    op.retain(change.rangeOffset - position);
    op.delete(change.rangeLength);
    op.insert(change.text);
    position = change.rangeOffset + change.rangeLength;
  }
  return op.retain(baseLength - position);
}

/** An operation as Monaco edits, all ranges relative to the model before the edit. */
export function editsFromOperation(model: monaco.editor.ITextModel, op: TextOperation, Range: typeof monaco.Range): monaco.editor.IIdentifiedSingleEditOperation[] {
  const edits: monaco.editor.IIdentifiedSingleEditOperation[] = [];
  let index = 0;
  const rangeAt = (start: number, end: number) => {
    const a = model.getPositionAt(start);
    const b = model.getPositionAt(end);
    return new Range(a.lineNumber, a.column, b.lineNumber, b.column);
  };
  for (const component of op.ops) {
    if (TextOperation.isRetain(component)) index += component;
    else if (TextOperation.isInsert(component)) edits.push({ range: rangeAt(index, index), text: component, forceMoveMarkers: true });
    else {
      edits.push({ range: rangeAt(index, index - component), text: '' });
      index -= component;
    }
  }
  return edits;
}
