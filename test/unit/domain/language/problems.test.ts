import { LspDiagnostic } from '../../../../src/domain/language/lsp-types';
import { countProblems, groupProblems, severityOf } from '../../../../src/domain/language/problems';

const at = (line: number, character: number, message: string, severity?: 1 | 2 | 3 | 4): LspDiagnostic => ({
  range: { start: { line, character }, end: { line, character: character + 3 } },
  message,
  ...(severity ? { severity } : {}),
});

describe('problems', () => {
  it('reads LSP severities, a missing one as an error', () => {
    expect([1, 2, 3, 4, undefined].map(severityOf)).toEqual(['error', 'warning', 'info', 'hint', 'error']);
  });

  it('groups diagnostics by file in path order, most severe first, then by position, positions one-based', () => {
    const files = groupProblems(
      new Map([
        ['file:///src/z.ts', [at(9, 0, 'later warning', 2), at(1, 4, 'an error', 1), at(0, 0, 'first warning', 2), at(3, 0, 'info', 3)]],
        ['file:///src/a%20b.ts', [{ ...at(0, 2, 'no severity'), source: 'ts', code: 2322 }]],
      ]),
    );
    expect(files.map((f) => f.path)).toEqual(['src/a b.ts', 'src/z.ts']);
    expect(files[1].problems.map((p) => p.message)).toEqual(['an error', 'first warning', 'later warning', 'info']);
    expect(files[0].problems[0]).toEqual({
      uri: 'file:///src/a%20b.ts',
      path: 'src/a b.ts',
      severity: 'error',
      message: 'no severity',
      source: 'ts',
      code: '2322',
      line: 1,
      column: 3,
      endLine: 1,
      endColumn: 6,
    });
  });

  it('neither lists nor counts hints, and leaves out files with nothing to list', () => {
    const files = groupProblems(new Map([['file:///a.ts', [at(0, 0, 'hint', 4)]], ['file:///b.ts', [at(0, 0, 'e', 1), at(1, 0, 'w', 2), at(2, 0, 'w2', 2), at(3, 0, 'h', 4)]]]));
    expect(files.map((f) => f.path)).toEqual(['b.ts']);
    expect(countProblems(files)).toEqual({ errors: 1, warnings: 2, infos: 0 });
  });
});
