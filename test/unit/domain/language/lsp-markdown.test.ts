import { documentationMarkdown, hoverMarkdown } from '../../../../src/domain/language/lsp-markdown';

describe('hover and documentation markdown', () => {
  it('shows markdown as it is, a language string as a code block, plain text escaped', () => {
    expect(hoverMarkdown({ kind: 'markdown', value: '```ts\nconst a: number\n```' })).toEqual(['```ts\nconst a: number\n```']);
    expect(hoverMarkdown([{ language: 'typescript', value: 'let x: string' }, '**bold**'])).toEqual(['```typescript\nlet x: string\n```', '**bold**']);
    expect(hoverMarkdown({ kind: 'plaintext', value: 'a_b *c*' })).toEqual(['a\\_b \\*c\\*']);
  });

  it('has nothing for empty or missing contents', () => {
    expect(hoverMarkdown(null)).toEqual([]);
    expect(hoverMarkdown({ kind: 'markdown', value: '  ' })).toEqual([]);
    expect(documentationMarkdown(undefined)).toBeUndefined();
    expect(documentationMarkdown('Returns the sum.')).toBe('Returns the sum.');
  });
});
