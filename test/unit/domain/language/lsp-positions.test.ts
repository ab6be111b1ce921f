import { toContentChanges, toEditorPosition, toEditorRange, toLspPosition, toLspRange } from '../../../../src/domain/language/lsp-positions';
import { applyContentChanges } from '../../../../src/domain/language/text-document-changes';

describe('LSP and editor positions', () => {
  it('shifts zero-based LSP positions to one-based editor positions and back', () => {
    expect(toEditorPosition({ line: 0, character: 0 })).toEqual({ lineNumber: 1, column: 1 });
    expect(toLspPosition({ lineNumber: 12, column: 5 })).toEqual({ line: 11, character: 4 });
    const range = { start: { line: 2, character: 3 }, end: { line: 4, character: 0 } };
    expect(toEditorRange(range)).toEqual({ startLineNumber: 3, startColumn: 4, endLineNumber: 5, endColumn: 1 });
    expect(toLspRange(toEditorRange(range))).toEqual(range);
  });

  it('turns an edit of several ranges, reported last first, into changes a server applies in order', () => {
    const before = 'let a = 1;\nlet b = a;\n';
    // Renaming both a's to 'value', as an editor reports it: the later range first, original coordinates.
    const changes = toContentChanges([
      { range: { startLineNumber: 2, startColumn: 9, endLineNumber: 2, endColumn: 10 }, text: 'value' },
      { range: { startLineNumber: 1, startColumn: 5, endLineNumber: 1, endColumn: 6 }, text: 'value' },
    ]);
    expect(applyContentChanges(before, changes)).toBe('let value = 1;\nlet b = value;\n');
  });
});
