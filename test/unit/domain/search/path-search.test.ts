import fc from 'fast-check';
import { PATH_SEARCH_LIMIT, PathIndex, searchPaths } from '../../../../src/domain/search/path-search';

const search = (paths: string[], query: string, limit?: number) => searchPaths(new PathIndex(paths), query, limit);
const highlighted = (path: string, submatches: Array<{ start: number; end: number }>) =>
  submatches.map((s) => path.slice(s.start, s.end)).join('|');

describe('searchPaths', () => {
  it('finds paths holding the query as a case-insensitive subsequence, and only those', () => {
    const found = search(['src/App.tsx', 'src/index.ts', 'README.md', 'test/app.test.ts'], 'app');
    expect(found.map((m) => m.path).sort()).toEqual(['src/App.tsx', 'test/app.test.ts']);
    expect(search(['src/index.ts'], 'xyz')).toEqual([]);
  });

  it('returns nothing for an empty or blank query', () => {
    expect(search(['a.ts'], '')).toEqual([]);
    expect(search(['a.ts'], '   ')).toEqual([]);
  });

  it('ignores whitespace in the query', () => {
    expect(search(['src/components/Button.tsx'], 'comp button').map((m) => m.path)).toEqual(['src/components/Button.tsx']);
  });

  it('ranks a match at the start of the file name above one scattered through directories', () => {
    const found = search(['b/u/t/t/o/n/x.ts', 'lib/bigutil/tools/index.ts', 'src/ui/button.tsx'], 'button');
    expect(found[0].path).toBe('src/ui/button.tsx');
  });

  it('ranks a consecutive run above the same letters spread out', () => {
    const found = search(['src/m-a-i-n.ts', 'src/main.ts'], 'main');
    expect(found.map((m) => m.path)).toEqual(['src/main.ts', 'src/m-a-i-n.ts']);
  });

  it('prefers matches at segment starts and camelCase humps (initials)', () => {
    const found = search(['src/fileSearchView.ts', 'src/fastserviceview.ts'], 'fsv');
    expect(found[0].path).toBe('src/fileSearchView.ts');
    expect(highlighted(found[0].path, found[0].submatches)).toBe('f|S|V');
  });

  it('ranks equal scores by the shorter path, then alphabetically', () => {
    expect(search(['x/b/index.ts', 'x/a/index.ts', 'x/index.ts'], 'index').map((m) => m.path)).toEqual(['x/index.ts', 'x/a/index.ts', 'x/b/index.ts']);
  });

  it('reports the matched characters as ranges for highlighting', () => {
    const [match] = search(['src/components/Button.tsx'], 'src/butt');
    expect(match.submatches).toEqual([
      { start: 0, end: 4 },
      { start: 15, end: 19 },
    ]);
    expect(highlighted(match.path, match.submatches)).toBe('src/|Butt');
  });

  it('prefers the file name when the query could match a directory too', () => {
    const [match] = search(['button/src/button.ts'], 'button');
    expect(highlighted(match.path, match.submatches)).toBe('button');
    expect(match.submatches[0].start).toBe('button/src/'.length);
  });

  it('keeps offsets right for characters whose lower case is longer', () => {
    const [match] = search(['İstanbul/map.ts'], 'map');
    expect(highlighted(match.path, match.submatches)).toBe('map');
  });

  it('returns at most the limit', () => {
    const paths = Array.from({ length: 500 }, (_, i) => `dir/file${i}.ts`);
    expect(search(paths, 'file')).toHaveLength(PATH_SEARCH_LIMIT);
    expect(search(paths, 'file', 7)).toHaveLength(7);
  });

  it('searches 100,000 paths', () => {
    const paths: string[] = [];
    for (let d = 0; d < 100; d++) for (let s = 0; s < 10; s++) for (let f = 0; f < 100; f++) paths.push(`dir${d}/sub${s}/file${f}.ts`);
    const index = new PathIndex(paths);
    const found = searchPaths(index, 'd42s3f17');
    const broad = searchPaths(index, 'file');
    expect(found[0].path).toBe('dir42/sub3/file17.ts');
    expect(broad).toHaveLength(PATH_SEARCH_LIMIT);
  });

  it('always highlights an in-order placement of every query character (property)', () => {
    const segment = fc.stringOf(fc.constantFrom('a', 'b', 'B', 'c', '-', '.', '_'), { minLength: 1, maxLength: 6 });
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 20 }), fc.stringOf(fc.constantFrom('a', 'b', 'c', '/'), { minLength: 1, maxLength: 4 }), (paths, query) => {
        for (const match of search(paths, query)) {
          const chars = match.submatches.flatMap((s) => Array.from({ length: s.end - s.start }, (_, k) => match.path[s.start + k]));
          expect(chars.join('').toLowerCase()).toBe(query.toLowerCase());
        }
        const expected = paths.filter((p) => new RegExp(query.toLowerCase().split('').join('.*')).test(p.toLowerCase()));
        expect(search(paths, query, 1000).length).toBe(expected.length);
      }),
    );
  });
});
