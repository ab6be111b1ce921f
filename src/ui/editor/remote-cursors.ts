import type * as monaco from 'monaco-editor';
import { OffsetSelection } from '../../domain/ot/selection-transform';

const styled = new Set<string>();

/** One CSS class per remote client: its colour for the caret and selection, its name on the caret. */
function classFor(clientId: string, color: string, name: string): string {
  const key = clientId.replace(/[^A-Za-z0-9_-]/g, '');
  const cls = `bp-remote-${key}`;
  if (!styled.has(cls)) {
    styled.add(cls);
    const style = document.createElement('style');
    const safeName = name.replace(/["\\\n]/g, '');
    style.textContent = `
      .${cls}-selection { background-color: ${color}40; }
      .${cls}-caret { border-left: 2px solid ${color}; margin-left: -1px; }
      .${cls}-caret::after { content: "${safeName}"; background: ${color}; }
    `;
    document.head.appendChild(style);
  }
  return cls;
}

export interface RemoteCursor {
  clientId: string;
  name: string;
  color: string;
  selections: OffsetSelection[];
}

/** Decorations for the other clients' carets and selections. */
export function remoteCursorDecorations(model: monaco.editor.ITextModel, cursors: RemoteCursor[], Range: typeof monaco.Range): monaco.editor.IModelDeltaDecoration[] {
  const out: monaco.editor.IModelDeltaDecoration[] = [];
  const length = model.getValueLength();
  for (const cursor of cursors) {
    const cls = classFor(cursor.clientId, cursor.color, cursor.name);
    for (const sel of cursor.selections) {
      const from = Math.min(sel.anchor, sel.head, length);
      const to = Math.min(Math.max(sel.anchor, sel.head), length);
      const head = model.getPositionAt(Math.min(sel.head, length));
      if (to > from) {
        const a = model.getPositionAt(from);
        const b = model.getPositionAt(to);
        out.push({ range: new Range(a.lineNumber, a.column, b.lineNumber, b.column), options: { className: `${cls}-selection bp-remote-selection` } });
      }
      out.push({
        range: new Range(head.lineNumber, head.column, head.lineNumber, head.column),
        options: {
          beforeContentClassName: `${cls}-caret bp-remote-caret`,
          hoverMessage: { value: cursor.name },
          stickiness: 1,
        },
      });
    }
  }
  return out;
}
