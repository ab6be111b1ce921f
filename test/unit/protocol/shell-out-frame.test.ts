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
});
