import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfChanged } = require('../../../scripts/build-if-changed') as {
  buildIfChanged(options: { root: string; build: (root: string) => void; log?: (m: string) => void; force?: boolean }): boolean;
};

describe('npm start builds only when the sources changed (issue 7: a second start answers within 2 s)', () => {
  let root: string;
  let builds: number;
  /** A build as npm run build leaves it: the server's entry and the client's page. */
  const build = (at: string) => {
    builds++;
    for (const file of ['dist/server/src/server/main.js', 'dist/client/index.html']) {
      mkdirSync(path.dirname(path.join(at, file)), { recursive: true });
      writeFileSync(path.join(at, file), 'built');
    }
  };
  const start = () => buildIfChanged({ root, build, log: () => undefined });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'bullpen-build-'));
    mkdirSync(path.join(root, 'src', 'ui'), { recursive: true });
    writeFileSync(path.join(root, 'package.json'), '{}');
    writeFileSync(path.join(root, 'src', 'ui', 'a.ts'), 'export const a = 1;');
    builds = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds the first time, then skips while nothing changed', () => {
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(start()).toBe(false);
    expect(builds).toBe(1);
  });

  it('builds again when a source, a new file or the build configuration changed', () => {
    start();
    writeFileSync(path.join(root, 'src', 'ui', 'a.ts'), 'export const a = 2;');
    expect(start()).toBe(true);
    writeFileSync(path.join(root, 'src', 'ui', 'b.ts'), 'export const b = 1;');
    expect(start()).toBe(true);
    writeFileSync(path.join(root, 'package.json'), '{"name":"x"}');
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(builds).toBe(4);
  });

  it('builds again when an output is missing, and after a failed build', () => {
    start();
    rmSync(path.join(root, 'dist', 'client', 'index.html'));
    expect(start()).toBe(true);
    writeFileSync(path.join(root, 'src', 'ui', 'a.ts'), 'broken');
    expect(() => buildIfChanged({ root, build: () => { throw new Error('npm run build failed with exit code 2'); }, log: () => undefined })).toThrow('exit code 2');
    expect(start()).toBe(true);
    expect(builds).toBe(3);
  });
});
