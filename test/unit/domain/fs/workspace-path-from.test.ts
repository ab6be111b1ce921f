import { workspacePathFrom } from '../../../../src/domain/fs/workspace-path';

describe('workspacePathFrom', () => {
  const roots = ['/data/sandboxes/abc/files', '/data/sandboxes/abc/files/'];

  it('takes relative and /-rooted paths as workspace paths', () => {
    expect(workspacePathFrom('src/a.ts', roots)).toEqual({ ok: true, value: 'src/a.ts' });
    expect(workspacePathFrom('/src/a.ts', roots)).toEqual({ ok: true, value: 'src/a.ts' });
    expect(workspacePathFrom('/', roots)).toEqual({ ok: true, value: '' });
  });

  it('takes an absolute path inside the workspace directory relative to it', () => {
    expect(workspacePathFrom('/data/sandboxes/abc/files/src/a.ts', roots)).toEqual({ ok: true, value: 'src/a.ts' });
    expect(workspacePathFrom('/data/sandboxes/abc/files', roots)).toEqual({ ok: true, value: '' });
    expect(workspacePathFrom('/data/sandboxes/abc/filesystem/x', roots)).toEqual({ ok: true, value: 'data/sandboxes/abc/filesystem/x' });
  });

  it("refuses paths that leave the workspace with 'Invalid path'", () => {
    for (const path of ['../x', '/data/sandboxes/abc/files/../secret', 'a/../../b', 'nul\0']) {
      const result = workspacePathFrom(path, roots);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toBe('Invalid path');
    }
  });
});
