import { parsePreviewHost, previewHost } from '../../../../src/domain/port/preview-host';

describe('preview hosts', () => {
  const bases = ['localhost:3000', 'ide.example.com'];

  it('puts <sandboxId>-<port> in front of the base host', () => {
    expect(previewHost({ sandboxId: 'abc123', port: 5173 }, 'localhost:3000')).toBe('abc123-5173.localhost:3000');
  });

  it('reads the sandbox and port back from a Host header, case-insensitively', () => {
    expect(parsePreviewHost('abc123-5173.localhost:3000', bases)).toEqual({ sandboxId: 'abc123', port: 5173 });
    expect(parsePreviewHost('ABC123-80.IDE.example.com', bases)).toEqual({ sandboxId: 'abc123', port: 80 });
    expect(parsePreviewHost('my-box-8080.ide.example.com', bases)).toEqual({ sandboxId: 'my-box', port: 8080 });
  });

  it('is not a preview host otherwise', () => {
    for (const host of [
      undefined,
      'localhost:3000',
      'abc123-5173.localhost:4000',
      'abc123.localhost:3000',
      'abc123-0.localhost:3000',
      'abc123-70000.localhost:3000',
      'a.b-1.localhost:3000',
      '-1.localhost:3000',
      'abc123-5173.evil.com',
      'abc123-5173.ide.example.com.evil.com',
    ]) {
      expect(parsePreviewHost(host, bases)).toBeUndefined();
    }
  });
});
