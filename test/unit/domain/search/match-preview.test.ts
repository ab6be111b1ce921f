import { globsOf, matchPreview, resultSummary } from '../../../../src/domain/search/match-preview';

const text = (p: ReturnType<typeof matchPreview>) => p.parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');

describe('match preview', () => {
  it('marks every match of the line and drops the indentation', () => {
    const preview = matchPreview('    foo(bar, foo);', [{ start: 13, end: 16 }, { start: 4, end: 7 }]);
    expect(text(preview)).toBe('[foo](bar, [foo]);');
    expect(preview).toMatchObject({ cutStart: false, cutEnd: false });
  });

  it('starts a long line a little before its first match and cuts its end', () => {
    const line = `${'x'.repeat(100)}needle${'y'.repeat(100)}`;
    const preview = matchPreview(line, [{ start: 100, end: 106 }], 10, 30);
    expect(text(preview)).toBe(`${'x'.repeat(10)}[needle]${'y'.repeat(14)}`);
    expect(preview).toMatchObject({ cutStart: true, cutEnd: true });
  });

  it('shows a match inside the indentation', () => {
    expect(text(matchPreview('\t\tx', [{ start: 0, end: 2 }]))).toBe('[\t\t]x');
  });

  it('summarises counts in words', () => {
    expect(resultSummary(1, 1)).toBe('1 result in 1 file');
    expect(resultSummary(12, 3)).toBe('12 results in 3 files');
  });

  it('passes a glob box on as one entry, or nothing when blank', () => {
    expect(globsOf('  ')).toBeUndefined();
    expect(globsOf(' src/**, *.md ')).toEqual(['src/**, *.md']);
  });
});
