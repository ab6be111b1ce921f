import { MAX_DISPLAYED_FILE_SIZE, checkDisplayable } from '../../../../src/domain/editor/file-size';

describe('checkDisplayable', () => {
  it('has a limit of 5,000,000 characters', () => {
    expect(MAX_DISPLAYED_FILE_SIZE).toBe(5_000_000);
  });

  it.each([0, 1, 4_999_999, 5_000_000])('accepts a file of %d characters', (length) => {
    expect(checkDisplayable(length)).toEqual({ ok: true, value: undefined });
  });

  it('refuses a file over the limit with the spec text', () => {
    expect(checkDisplayable(5_000_001)).toEqual({
      ok: false,
      error: {
        kind: 'file-too-large',
        message: 'File is too large to display (5000001 characters), limit is 5000000 characters',
      },
    });
  });
});
