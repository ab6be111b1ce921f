import { INITIAL_FILE_CANDIDATES, pickInitialFile } from '../../../../src/domain/editor/initial-file';

describe('pickInitialFile', () => {
  it('lists the candidates of spec 002 §2 in order', () => {
    expect(INITIAL_FILE_CANDIDATES).toEqual([
      'README.md',
      'src/App.js',
      'src/App.tsx',
      'src/index.js',
      'src/index.ts',
      'src/index.tsx',
      'index.js',
      'index.ts',
      'src/main.tsx',
      'src/main.jsx',
      'main.ts',
      'src/main.rs',
      'src/lib.rs',
      'index.html',
      'src/index.html',
      'src/index.vue',
      'src/App.vue',
      'src/main.astro',
      'package.json',
    ]);
  });

  it('cannot be mutated', () => {
    expect(Object.isFrozen(INITIAL_FILE_CANDIDATES)).toBe(true);
  });

  it('picks README.md first when it exists', () => {
    expect(pickInitialFile(() => true)).toBe('README.md');
  });

  it('picks the earliest existing candidate', () => {
    const files = new Set(['package.json', 'src/index.tsx', 'index.html']);
    expect(pickInitialFile((path) => files.has(path))).toBe('src/index.tsx');
  });

  it('falls back to package.json last', () => {
    expect(pickInitialFile((path) => path === 'package.json')).toBe('package.json');
  });

  it('returns undefined when no candidate exists', () => {
    expect(pickInitialFile(() => false)).toBeUndefined();
  });

  it('asks about each candidate at most once and stops at the first hit', () => {
    const asked: string[] = [];
    pickInitialFile((path) => {
      asked.push(path);
      return path === 'src/index.js';
    });
    expect(asked).toEqual(['README.md', 'src/App.js', 'src/App.tsx', 'src/index.js']);
  });
});
