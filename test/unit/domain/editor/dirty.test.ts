import { isDirty } from '../../../../src/domain/editor/dirty';
import { murmurHash } from '../../../../src/domain/hash/murmur';

describe('isDirty', () => {
  it('is clean when the content hash equals the saved hash', () => {
    expect(isDirty(murmurHash('hello'), '15rnts0')).toBe(false);
  });

  it('is dirty when the content hash differs from the saved hash', () => {
    expect(isDirty(murmurHash('hello!'), '15rnts0')).toBe(true);
  });
});
