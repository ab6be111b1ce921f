import { TERMINAL_VARIABLES } from '../../application/ports/shell-host.port';
import { PREVIEW_PROXY_VARIABLES } from '../../application/workspace/port/preview-proxy-variables';

/**
 * The bubblewrap command line of one sandboxed process, as pure functions of what the host looks like (ADR 0010).
 * Only the workspace and its home directory are writable, each at the same path as on the host; the system is
 * read-only; /etc is a short allow-list (never shadow); the data directory, other workspaces and the server's
 * secrets are simply not there.
 */

/** The sandbox user: uid and gid inside the sandbox's user namespace (mapped to the server's own uid outside). */
export const SANDBOX_UID = 1000;
export const SANDBOX_USER = 'user';

/**
 * Entries of the host's /etc the sandbox sees (read-only, when present): name resolution, certificates, time zone,
 * the dynamic linker's cache, shell start-up files, alternatives and system-wide tool configuration.
 * Never shadow, gshadow, sudoers, ssh host keys or anything holding a secret.
 */
export const ETC_ALLOW_LIST: readonly string[] = [
  'hosts', 'resolv.conf', 'nsswitch.conf', 'host.conf', 'gai.conf', 'services', 'protocols',
  'ssl', 'ca-certificates', 'ca-certificates.conf', 'pki',
  'localtime', 'timezone',
  'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d',
  'bash.bashrc', 'profile', 'profile.d', 'bash_completion', 'bash_completion.d', 'inputrc', 'shells', 'terminfo',
  'zsh', 'zshenv', 'zprofile', 'zshrc', 'zlogin', 'zlogout',
  'gitconfig', 'alternatives', 'mime.types', 'magic', 'magic.mime', 'os-release', 'lsb-release', 'debian_version',
  'vim', 'nanorc', 'ssh/ssh_config', 'ssh/ssh_config.d', 'wgetrc', 'manpath.config', 'locale.alias',
];

/** A top-level directory beside /usr: a symlink into /usr on merged-usr systems (Debian), else a directory. */
export type RootEntry = { path: string; symlinkTo: string } | { path: string; bind: true };

export interface BwrapSpec {
  /** /bin, /lib, /lib64, /sbin as they are on the host. */
  rootEntries: readonly RootEntry[];
  /** Generated files bound read-only over /etc entries (passwd, group). */
  generatedEtc: ReadonlyArray<{ source: string; target: string }>;
  /** More host paths bound read-only at the same path (node's install outside /usr, Bullpen's node_modules). */
  readOnly: readonly string[];
  /** Host paths bound read-write at the same path: the workspace and its home directory. */
  writable: readonly string[];
  hostname: string;
  /** Working directory (same path inside and outside). */
  cwd: string | undefined;
  /** A new session (no controlling terminal): for piped processes; a pty keeps its terminal for job control. */
  newSession: boolean;
  command: readonly string[];
}

/** Every bwrap option and the command, in the order bwrap applies them (later mounts cover earlier ones). */
export function bwrapArguments(spec: BwrapSpec): string[] {
  const args = ['--unshare-all', '--share-net', '--die-with-parent'];
  if (spec.newSession) args.push('--new-session');
  args.push('--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_UID), '--hostname', spec.hostname, '--cap-drop', 'ALL');
  args.push('--ro-bind', '/usr', '/usr');
  for (const entry of spec.rootEntries) {
    if ('symlinkTo' in entry) args.push('--symlink', entry.symlinkTo, entry.path);
    else args.push('--ro-bind-try', entry.path, entry.path);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp', '--tmpfs', '/run');
  const generated = new Set(spec.generatedEtc.map((file) => file.target));
  for (const name of ETC_ALLOW_LIST) if (!generated.has(`/etc/${name}`)) args.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  for (const file of spec.generatedEtc) args.push('--ro-bind', file.source, file.target);
  for (const dir of spec.readOnly) args.push('--ro-bind', dir, dir);
  // A shorter path first, so that one inside another stays visible.
  for (const dir of [...spec.writable].sort((a, b) => a.length - b.length)) args.push('--bind', dir, dir);
  if (spec.cwd !== undefined) args.push('--chdir', spec.cwd);
  args.push('--', ...spec.command);
  return args;
}

export interface SandboxEnvironmentSpec {
  home: string;
  /** Directories put before the system's PATH (node's bin directory when it lives outside /usr). */
  pathBefore: readonly string[];
  /** A terminal: TERM and COLORTERM. */
  terminal: boolean;
  /** SHELL: the terminals' login shell (default /bin/bash). */
  shell?: string;
  /** More variables asked for by the caller (they win). */
  extra?: Record<string, string>;
}

export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The whole environment of a sandboxed process, built from nothing: the server's own (which may hold
 * BULLPEN_ACCESS_TOKEN or DATABASE_URL) is never passed on. Dev servers also learn where their hot-reload socket is
 * (PREVIEW_PROXY_VARIABLES).
 */
export function sandboxEnvironment(spec: SandboxEnvironmentSpec): Record<string, string> {
  const env: Record<string, string> = {
    PATH: [...spec.pathBefore, SYSTEM_PATH].join(':'),
    HOME: spec.home,
    USER: SANDBOX_USER,
    LOGNAME: SANDBOX_USER,
    SHELL: spec.shell ?? '/bin/bash',
    LANG: 'C.UTF-8',
    BULLPEN: '1',
    ...PREVIEW_PROXY_VARIABLES,
  };
  if (spec.terminal) Object.assign(env, TERMINAL_VARIABLES);
  return { ...env, ...spec.extra };
}

/** /etc/passwd of a sandbox: root, the sandbox user (home = the workspace's home directory, its login shell) and nobody. */
export function passwdFile(home: string, shell = '/bin/bash'): string {
  const safeHome = /^[^:\n]+$/.test(home) ? home : '/nonexistent';
  return [
    'root:x:0:0:root:/root:/usr/sbin/nologin',
    `${SANDBOX_USER}:x:${SANDBOX_UID}:${SANDBOX_UID}:Bullpen workspace:${safeHome}:${/^[^:\n]+$/.test(shell) ? shell : '/bin/sh'}`,
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
    '',
  ].join('\n');
}

export function groupFile(): string {
  return ['root:x:0:', `${SANDBOX_USER}:x:${SANDBOX_UID}:`, 'nogroup:x:65534:', ''].join('\n');
}

/** The host's /etc/hosts with the sandbox's host name added, so that it resolves like on any machine. */
export function hostsFile(hostHosts: string, hostname: string): string {
  const base = hostHosts === '' ? '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' : hostHosts.endsWith('\n') ? hostHosts : `${hostHosts}\n`;
  return `${base}127.0.1.1\t${hostname}\n`;
}

/** A host name for the sandbox: the sandbox id where it is a valid name. */
export function sandboxHostname(sandboxId: string): string {
  const name = sandboxId.toLowerCase().replace(/[^a-z0-9-]/g, '').replace(/^-+|-+$/g, '').slice(0, 63);
  return name === '' ? 'sandbox' : name;
}
