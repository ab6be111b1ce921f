import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { findExecutable, probeBubblewrap } from '../../../../../src/server/adapters/process/bwrap-probe';

describe('probeBubblewrap', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bullpen-probe-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fakeBwrap = (script: string): string => {
    const file = path.join(dir, 'bwrap');
    writeFileSync(file, `#!/bin/sh\n${script}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it('reports bubblewrap as not installed when no bwrap is on PATH', () => {
    expect(findExecutable('bwrap', `${dir}:/nonexistent`)).toBeUndefined();
    expect(probeBubblewrap([], undefined)).toEqual({ ok: false, installed: false, reason: 'bubblewrap (bwrap) is not installed' });
  });

  it('finds an executable on PATH', () => {
    const bwrap = fakeBwrap('exit 0');
    expect(findExecutable('bwrap', `/nonexistent:${dir}`)).toBe(bwrap);
  });

  it('treats an installed bwrap that cannot build a sandbox as missing, with its first error line as the reason', () => {
    const bwrap = fakeBwrap('echo "bwrap: No permissions to creating new namespace" >&2; echo more >&2; exit 1');
    expect(probeBubblewrap([], bwrap)).toEqual({ ok: false, installed: true, reason: `${bwrap} does not work here: bwrap: No permissions to creating new namespace` });
  });

  it('runs `true` in a workspace-like sandbox and accepts bwrap when that succeeds', () => {
    const bwrap = fakeBwrap('for a; do last=$a; done; [ "$last" = true ] && case "$*" in *--unshare-all*--cap-drop\\ ALL*) exit 0;; esac; exit 3');
    expect(probeBubblewrap([], bwrap)).toEqual({ ok: true, bwrap });
  });
});
