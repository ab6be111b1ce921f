import { wordWrapFor } from '../../../../src/domain/settings/language-word-wrap';

describe("wordWrapFor (VS Code's [markdown] wordWrap on)", () => {
  it('wraps Markdown whatever the setting', () => {
    expect(wordWrapFor('off', 'markdown')).toBe('on');
    expect(wordWrapFor('on', 'markdown')).toBe('on');
  });

  it('follows the setting for code and for an editor without a document', () => {
    expect(wordWrapFor('off', 'typescript')).toBe('off');
    expect(wordWrapFor('on', 'typescript')).toBe('on');
    expect(wordWrapFor('off', undefined)).toBe('off');
  });
});
