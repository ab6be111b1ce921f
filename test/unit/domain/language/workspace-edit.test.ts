import { operationOfTextEdits, textEditsByUri } from '../../../../src/domain/language/workspace-edit';

const edit = (line: number, from: number, to: number, newText: string) => ({ range: { start: { line, character: from }, end: { line, character: to } }, newText });

describe('workspace edits', () => {
  it('collects text edits per document from changes and from documentChanges', () => {
    const fromChanges = textEditsByUri({ changes: { 'file:///a.ts': [edit(0, 0, 1, 'x')], 'file:///b.ts': [edit(1, 0, 0, 'y')] } });
    expect(fromChanges.ok && [...fromChanges.value.keys()]).toEqual(['file:///a.ts', 'file:///b.ts']);
    const fromDocumentChanges = textEditsByUri({
      changes: { 'file:///ignored.ts': [] },
      documentChanges: [
        { textDocument: { uri: 'file:///a.ts', version: 3 }, edits: [edit(0, 0, 1, 'x')] },
        { textDocument: { uri: 'file:///a.ts', version: 3 }, edits: [edit(2, 0, 1, 'z')] },
      ],
    });
    expect(fromDocumentChanges.ok && [...fromDocumentChanges.value]).toEqual([['file:///a.ts', [edit(0, 0, 1, 'x'), edit(2, 0, 1, 'z')]]]);
  });

  it('refuses edits that create, rename or delete files', () => {
    expect(textEditsByUri({ documentChanges: [{ kind: 'rename', oldUri: 'file:///a.ts', newUri: 'file:///b.ts' }] })).toEqual({ ok: false, error: 'resource operations are not supported' });
  });

  it('makes one operation of edits given in any order, all relative to the original text', () => {
    const text = 'const a = 1;\r\nconsole.log(a);\n';
    const op = operationOfTextEdits(text, [edit(1, 12, 13, 'count'), edit(0, 6, 7, 'count'), edit(1, 0, 0, '// use\r\n')]);
    expect(op.ok && op.value.apply(text)).toEqual({ ok: true, value: 'const count = 1;\r\n// use\r\nconsole.log(count);\n' });
  });

  it('refuses overlapping edits', () => {
    expect(operationOfTextEdits('abcdef', [edit(0, 0, 3, 'x'), edit(0, 2, 4, 'y')])).toEqual({ ok: false, error: 'overlapping edits' });
  });
});
