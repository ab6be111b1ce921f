import { workspacePathOfUri, workspaceUriOfPath } from '../../../../src/domain/language/workspace-uri';
import { uriMapping } from '../../../../src/domain/language/uri-mapping';

describe('workspace URIs', () => {
  it('names a tree path the way the bridge names workspace files', () => {
    expect(workspaceUriOfPath('src/App.tsx')).toBe('file:///src/App.tsx');
    expect(workspaceUriOfPath('/src/App.tsx')).toBe('file:///src/App.tsx');
    expect(workspaceUriOfPath('docs/a b#1.md')).toBe('file:///docs/a%20b%231.md');
    // The bridge maps a server URI to exactly this client URI.
    const mapping = uriMapping('/srv/sandboxes/x/files');
    expect(mapping.toClientUri('file:///srv/sandboxes/x/files/docs/a%20b%231.md')).toBe(workspaceUriOfPath('docs/a b#1.md'));
  });

  it('reads the tree path of a workspace URI back', () => {
    expect(workspacePathOfUri('file:///src/App.tsx')).toBe('src/App.tsx');
    expect(workspacePathOfUri('file:///docs/a%20b%231.md')).toBe('docs/a b#1.md');
    expect(workspacePathOfUri(workspaceUriOfPath('ü/ß €.ts'))).toBe('ü/ß €.ts');
    expect(workspacePathOfUri('file:///a/../b.ts')).toBe('b.ts');
  });

  it('has no path for other schemes, authorities, the root or malformed escapes', () => {
    expect(workspacePathOfUri('untitled:Untitled-1')).toBeUndefined();
    expect(workspacePathOfUri('file://server/share/a.ts')).toBeUndefined();
    expect(workspacePathOfUri('file:///')).toBeUndefined();
    expect(workspacePathOfUri('file:///a%E0%A4%A.ts')).toBeUndefined();
  });
});
