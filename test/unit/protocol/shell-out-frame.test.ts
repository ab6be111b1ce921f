import * as fc from 'fast-check';
import { encodeMessage, notification } from '../../../src/protocol';
import { encodeShellOutFrame } from '../../../src/protocol/shell-out-frame';

describe('encodeShellOutFrame', () => {
  it('is byte-identical to the generic encoder for any well-formed text and size', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.oneof(fc.fullUnicodeString({ maxLength: 300 }), fc.string({ maxLength: 70_000 })), (shellId, out) => {
        expect(encodeShellOutFrame(shellId, out)).toEqual(encodeMessage(notification('shell/out', { shellId, out })));
      }),
      { numRuns: 300 },
    );
  });

  it('holds terminal output with escapes and wide characters', () => {
    const out = '\x1b[31mred\x1b[0m héllo € 😀 漢字\r\n'.repeat(3000);
    expect(encodeShellOutFrame('s-1', out)).toEqual(encodeMessage(notification('shell/out', { shellId: 's-1', out })));
  });

  it('stays byte-identical for long output whose UTF-8 needs a longer length header than its character count', () => {
    // Fewer than 65,536 characters (a 16-bit length) that are more bytes than that (a 32-bit length).
    for (const out of ['é'.repeat(40_000), 'a'.repeat(65_000) + '€'.repeat(300), `${'x'.repeat(300)}\ud800 lone ${'y'.repeat(300)}\udc00`]) {
      expect(encodeShellOutFrame('s-1', out)).toEqual(encodeMessage(notification('shell/out', { shellId: 's-1', out })));
    }
  });
});
