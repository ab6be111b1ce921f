import {
  BwrapSpec,
  ETC_ALLOW_LIST,
  SANDBOX_UID,
  bwrapArguments,
  groupFile,
  hostsFile,
  passwdFile,
  sandboxEnvironment,
  sandboxHostname,
} from '../../../../../src/server/adapters/process/bwrap-arguments';

const spec = (over: Partial<BwrapSpec> = {}): BwrapSpec => ({
  rootEntries: [
    { path: '/bin', symlinkTo: 'usr/bin' },
    { path: '/lib', symlinkTo: 'usr/lib' },
    { path: '/lib64', bind: true },
  ],
  generatedEtc: [{ source: '/data/sandbox-etc/abc/passwd', target: '/etc/passwd' }],
  readOnly: ['/app/node_modules'],
  writable: ['/data/sandboxes/abc/files', '/data/sandboxes/abc/home'],
  hostname: 'abc',
  cwd: '/data/sandboxes/abc/files/src',
  newSession: false,
  command: ['/bin/bash', '-l'],
  ...over,
});

/** The (source, target) pairs of every occurrence of a two-argument option. */
function pairs(args: string[], option: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  args.forEach((a, i) => {
    if (a === option) found.push([args[i + 1], args[i + 2]]);
  });
  return found;
}

describe('bwrapArguments', () => {
  it('unshares every namespace but the network, dies with its parent, drops all capabilities and runs as the sandbox user', () => {
    const args = bwrapArguments(spec());
    expect(args.slice(0, 3)).toEqual(['--unshare-all', '--share-net', '--die-with-parent']);
    expect(args).toEqual(expect.arrayContaining(['--cap-drop', 'ALL']));
    expect(args[args.indexOf('--uid') + 1]).toBe(String(SANDBOX_UID));
    expect(args[args.indexOf('--gid') + 1]).toBe(String(SANDBOX_UID));
    expect(SANDBOX_UID).not.toBe(0);
    expect(args[args.indexOf('--hostname') + 1]).toBe('abc');
  });

  it('keeps a terminal in its session (job control) and puts piped processes in a new one', () => {
    expect(bwrapArguments(spec())).not.toContain('--new-session');
    expect(bwrapArguments(spec({ newSession: true }))).toContain('--new-session');
  });

  it('binds read-write only the workspace and its home, each at its own path', () => {
    const args = bwrapArguments(spec());
    expect(pairs(args, '--bind').sort()).toEqual([
      ['/data/sandboxes/abc/files', '/data/sandboxes/abc/files'],
      ['/data/sandboxes/abc/home', '/data/sandboxes/abc/home'],
    ]);
    expect(args).not.toContain('--dev-bind');
  });

  it('binds the shorter of nested writable paths first, so the inner one stays visible', () => {
    const args = bwrapArguments(spec({ writable: ['/w/root/home', '/w/root'] }));
    expect(pairs(args, '--bind').map(([s]) => s)).toEqual(['/w/root', '/w/root/home']);
  });

  it('makes the system read-only: /usr, the merged-/usr links, node_modules, the /etc allow-list and the generated passwd', () => {
    const args = bwrapArguments(spec());
    expect(pairs(args, '--ro-bind')).toEqual([
      ['/usr', '/usr'],
      ['/data/sandbox-etc/abc/passwd', '/etc/passwd'],
      ['/app/node_modules', '/app/node_modules'],
    ]);
    expect(pairs(args, '--symlink')).toEqual([
      ['usr/bin', '/bin'],
      ['usr/lib', '/lib'],
    ]);
    expect(pairs(args, '--ro-bind-try')).toEqual([['/lib64', '/lib64'], ...ETC_ALLOW_LIST.map((name) => [`/etc/${name}`, `/etc/${name}`])]);
  });

  it('binds a generated /etc file instead of the host\'s one of the allow-list', () => {
    const args = bwrapArguments(spec({ generatedEtc: [{ source: '/data/sandbox-etc/abc/hosts', target: '/etc/hosts' }] }));
    expect(pairs(args, '--ro-bind')).toContainEqual(['/data/sandbox-etc/abc/hosts', '/etc/hosts']);
    expect(pairs(args, '--ro-bind-try').map(([, t]) => t)).not.toContain('/etc/hosts');
    expect(pairs(args, '--ro-bind-try').map(([, t]) => t)).toContain('/etc/resolv.conf');
  });

  it('never shows /etc as a whole, its secrets, the root file system or the data directory', () => {
    const args = bwrapArguments(spec());
    const sources = [...pairs(args, '--ro-bind'), ...pairs(args, '--ro-bind-try'), ...pairs(args, '--bind')].map(([s]) => s);
    for (const forbidden of ['/', '/etc', '/etc/shadow', '/etc/gshadow', '/etc/sudoers', '/etc/ssh', '/root', '/home', '/data', '/data/sandboxes']) {
      expect(sources).not.toContain(forbidden);
    }
    expect(ETC_ALLOW_LIST.filter((name) => /shadow|sudo|ssh_host|passwd|group|\.key$/.test(name))).toEqual([]);
  });

  it('mounts its own /proc, /dev and empty /tmp, /var/tmp and /run', () => {
    const args = bwrapArguments(spec());
    expect(args).toEqual(expect.arrayContaining(['--proc', '/proc', '--dev', '/dev']));
    for (const dir of ['/tmp', '/var/tmp', '/run']) expect(pairs(args, '--tmpfs').map(([d]) => d)).toContain(dir);
    // The workspace may live under /tmp: its bind must come after the tmpfs covering /tmp.
    expect(args.indexOf('--bind')).toBeGreaterThan(args.lastIndexOf('--tmpfs'));
  });

  it('changes to the working directory and ends with the command after --', () => {
    const args = bwrapArguments(spec({ command: ['git', '--version'] }));
    expect(args[args.indexOf('--chdir') + 1]).toBe('/data/sandboxes/abc/files/src');
    expect(args.slice(-3)).toEqual(['--', 'git', '--version']);
    expect(bwrapArguments(spec({ cwd: undefined }))).not.toContain('--chdir');
  });
});

describe('sandboxEnvironment', () => {
  it('is built from nothing: none of the server variables leak in', () => {
    const saved = process.env.BULLPEN_ACCESS_TOKEN;
    process.env.BULLPEN_ACCESS_TOKEN = 'server-secret-value';
    try {
      const env = sandboxEnvironment({ home: '/h', pathBefore: [], terminal: true });
      expect(Object.keys(env).sort()).toEqual(['BULLPEN', 'COLORTERM', 'HOME', 'LANG', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'WDS_SOCKET_PORT']);
      expect(Object.values(env)).not.toContain('server-secret-value');
    } finally {
      if (saved === undefined) delete process.env.BULLPEN_ACCESS_TOKEN;
      else process.env.BULLPEN_ACCESS_TOKEN = saved;
    }
  });

  it('puts node outside /usr first on PATH, leaves TERM out of piped processes and lets the caller add variables', () => {
    const env = sandboxEnvironment({ home: '/h', pathBefore: ['/opt/node/bin'], terminal: false, extra: { GIT_TERMINAL_PROMPT: '0', LANG: 'de_DE.UTF-8' } });
    expect(env.PATH.split(':')[0]).toBe('/opt/node/bin');
    expect(env.PATH).toContain('/usr/bin');
    expect(env.TERM).toBeUndefined();
    expect(env).toMatchObject({ HOME: '/h', GIT_TERMINAL_PROMPT: '0', LANG: 'de_DE.UTF-8' });
  });

  it("tells dev servers, in terminals and piped processes alike, to aim the hot-reload socket at the page's port", () => {
    expect(sandboxEnvironment({ home: '/h', pathBefore: [], terminal: true }).WDS_SOCKET_PORT).toBe('0');
    expect(sandboxEnvironment({ home: '/h', pathBefore: [], terminal: false }).WDS_SOCKET_PORT).toBe('0');
  });

  it("names the terminals' login shell in SHELL (bash when none is given)", () => {
    expect(sandboxEnvironment({ home: '/h', pathBefore: [], terminal: true, shell: '/usr/bin/zsh' }).SHELL).toBe('/usr/bin/zsh');
    expect(sandboxEnvironment({ home: '/h', pathBefore: [], terminal: true }).SHELL).toBe('/bin/bash');
  });
});

describe('passwd, group and host name of a sandbox', () => {
  it('names the sandbox user with the workspace home, and no password hashes', () => {
    const passwd = passwdFile('/data/sandboxes/abc/home');
    expect(passwd).toContain(`user:x:${SANDBOX_UID}:${SANDBOX_UID}:Bullpen workspace:/data/sandboxes/abc/home:/bin/bash`);
    expect(passwd.split('\n').filter(Boolean).every((line) => line.split(':')[1] === 'x')).toBe(true);
    expect(groupFile()).toContain(`user:x:${SANDBOX_UID}:`);
  });

  it("gives the sandbox user the terminals' login shell", () => {
    expect(passwdFile('/h', '/usr/bin/zsh')).toContain(`user:x:${SANDBOX_UID}:${SANDBOX_UID}:Bullpen workspace:/h:/usr/bin/zsh\n`);
  });

  it('keeps a home or shell that would break the file format out of it', () => {
    expect(passwdFile('/odd:path')).toContain(':/nonexistent:/bin/bash');
    expect(passwdFile('/h', '/odd:shell\nroot::0:0::/:/bin/sh')).toContain(':/h:/bin/sh\nnobody:');
  });

  it("adds the sandbox's host name to the host's /etc/hosts", () => {
    expect(hostsFile('127.0.0.1 localhost\n10.0.0.5 db.internal', 'abc')).toBe('127.0.0.1 localhost\n10.0.0.5 db.internal\n127.0.1.1\tabc\n');
    expect(hostsFile('', 'abc')).toContain('127.0.0.1\tlocalhost\n');
  });

  it('derives a valid host name from the sandbox id', () => {
    expect(sandboxHostname('k3x9qz')).toBe('k3x9qz');
    expect(sandboxHostname('--A_b/c--')).toBe('abc');
    expect(sandboxHostname('___')).toBe('sandbox');
  });
});
