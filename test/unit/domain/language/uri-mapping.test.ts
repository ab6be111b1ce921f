import { encodeUriPath, normalizeWorkspacePath, uriMapping } from '../../../../src/domain/language/uri-mapping';

describe('uriMapping', () => {
  const map = uriMapping('/srv/data/sandboxes/abc/files');

  it('maps a workspace URI to the real path and back', () => {
    expect(map.toServerUri('file:///src/App.tsx')).toBe('file:///srv/data/sandboxes/abc/files/src/App.tsx');
    expect(map.toClientUri('file:///srv/data/sandboxes/abc/files/src/App.tsx')).toBe('file:///src/App.tsx');
    expect(map.rootUri).toBe('file:///srv/data/sandboxes/abc/files');
    expect(map.toServerUri('file:///')).toBe(map.rootUri);
    expect(map.toClientUri(map.rootUri)).toBe('file:///');
  });

  it('decodes and re-encodes percent-encoded names the way vscode-uri does', () => {
    expect(map.toServerUri('file:///my%20dir/%C3%A4.ts')).toBe('file:///srv/data/sandboxes/abc/files/my%20dir/%C3%A4.ts');
    expect(map.toClientUri('file:///srv/data/sandboxes/abc/files/a%40b/c%3Ad.ts')).toBe('file:///a%40b/c%3Ad.ts');
    expect(encodeUriPath("/a b/(x)!'*.ts")).toBe('/a%20b/%28x%29%21%27%2A.ts');
  });

  it('handles a root with characters that need encoding', () => {
    const spaced = uriMapping('/home/me/My Projects/x/');
    expect(spaced.rootUri).toBe('file:///home/me/My%20Projects/x');
    expect(spaced.toServerUri('file:///a.ts')).toBe('file:///home/me/My%20Projects/x/a.ts');
    expect(spaced.toClientUri('file:///home/me/My%20Projects/x/a.ts')).toBe('file:///a.ts');
  });

  it('never lets a client URI climb out of the workspace', () => {
    expect(map.toServerUri('file:///../../etc/passwd')).toBe('file:///srv/data/sandboxes/abc/files/etc/passwd');
    expect(normalizeWorkspacePath('/a/./b/../../..//c')).toBe('/c');
  });

  it('leaves server URIs outside the workspace, other schemes and malformed URIs alone', () => {
    expect(map.toClientUri('file:///usr/lib/node_modules/typescript/lib/lib.dom.d.ts')).toBe('file:///usr/lib/node_modules/typescript/lib/lib.dom.d.ts');
    expect(map.toClientUri('file:///srv/data/sandboxes/abc/files-other/x.ts')).toBe('file:///srv/data/sandboxes/abc/files-other/x.ts');
    expect(map.toServerUri('untitled:Untitled-1')).toBe('untitled:Untitled-1');
    expect(map.toServerUri('file:///bad%E0%A4')).toBe('file:///bad%E0%A4');
  });

  it('keeps a query and fragment', () => {
    expect(map.toServerUri('file:///a.ts#L3')).toBe('file:///srv/data/sandboxes/abc/files/a.ts#L3');
  });

  it('maps deep inside params and results, map keys included, but never document text', () => {
    const edit = {
      changes: { 'file:///srv/data/sandboxes/abc/files/a.ts': [{ range: {}, newText: 'file:///srv/data/sandboxes/abc/files/keep' }] },
      documentChanges: [{ textDocument: { uri: 'file:///srv/data/sandboxes/abc/files/b.ts', version: 2 }, edits: [] }],
    };
    expect(map.toClient(edit)).toEqual({
      changes: { 'file:///a.ts': [{ range: {}, newText: 'file:///srv/data/sandboxes/abc/files/keep' }] },
      documentChanges: [{ textDocument: { uri: 'file:///b.ts', version: 2 }, edits: [] }],
    });
    const open = { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'file:///a.ts' } };
    expect(map.toServer(open)).toEqual({ textDocument: { uri: 'file:///srv/data/sandboxes/abc/files/a.ts', languageId: 'typescript', version: 1, text: 'file:///a.ts' } });
  });

  it('maps workspace links inside free text sent to clients, and leaves plain paths alone (command arguments)', () => {
    const hover = { contents: { kind: 'markdown', value: 'module "/srv/data/sandboxes/abc/files/src/util" ([link](file:///srv/data/sandboxes/abc/files/src/util.ts))' } };
    expect(map.toClient(hover)).toEqual({ contents: { kind: 'markdown', value: 'module "/srv/data/sandboxes/abc/files/src/util" ([link](file:///src/util.ts))' } });
    const command = { command: '_typescript.organizeImports', arguments: ['/srv/data/sandboxes/abc/files/src/a.ts'] };
    expect(map.toServer(map.toClient(command))).toEqual(command);
  });

  it('keeps a "__proto__" key a plain key', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "uri": "file:///a.ts"}');
    const mapped = map.toServer(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(mapped)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(mapped.uri).toBe('file:///srv/data/sandboxes/abc/files/a.ts');
  });

  it('copies values nested deeper than it maps as they are', () => {
    let deep: unknown = 'file:///a.ts';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => map.toServer(deep)).not.toThrow();
  });
});
