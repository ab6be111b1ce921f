import { defaultPreviewPort, previewAddress, previewOrigin, previewPath } from '../../../../src/domain/preview/preview-address';

const URL = 'http://sb1-3000.localhost:4000/';

describe('preview addresses', () => {
  it('reads what is typed in the address bar as a path of the preview origin', () => {
    const origin = previewOrigin(URL);
    expect(origin).toBe('http://sb1-3000.localhost:4000');
    expect(previewPath('', origin)).toBe('/');
    expect(previewPath('  about ', origin)).toBe('/about');
    expect(previewPath('/a/b?q=1#top', origin)).toBe('/a/b?q=1#top');
    expect(previewPath('http://sb1-3000.localhost:4000/docs', origin)).toBe('/docs');
    expect(previewPath('https://elsewhere.example/x', origin)).toBe('/x');
  });

  it('adds the preview token to the query, before a fragment', () => {
    expect(previewAddress(URL, '/')).toBe(URL);
    expect(previewAddress(URL, '/', 'a b')).toBe(`${URL}?preview_token=a%20b`);
    expect(previewAddress(URL, '/p?x=1#h', 't')).toBe('http://sb1-3000.localhost:4000/p?x=1&preview_token=t#h');
  });

  it("picks a task's open preview port first, else the first open port", () => {
    expect(defaultPreviewPort([3000, 5173], [5173])).toBe(5173);
    expect(defaultPreviewPort([3000, 5173], [8080])).toBe(3000);
    expect(defaultPreviewPort([], [8080])).toBeUndefined();
  });
});
