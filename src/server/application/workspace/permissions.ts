import { PitcherCapabilities, PitcherPermissions, RequestMethod } from '../../../protocol';

/** What a pitcher token grants: writers edit, save and run shells; readers watch (spec 002 §6). */
export type AccessLevel = 'read' | 'write';

/** The lower of two access levels: a token never grants more than the policy allows now. */
export function lowerAccess(a: AccessLevel, b: AccessLevel): AccessLevel {
  return a === 'write' && b === 'write' ? 'write' : 'read';
}

export function permissionsFor(access: AccessLevel): PitcherPermissions {
  const write = access === 'write';
  return {
    file: { open: true, documentOperation: write, documentSelection: true, save: write, documentAck: true, close: true },
    fs: { read: true, operation: write, search: true, pathSearch: true, upload: write, download: true },
    shell: { create: write, write, list: true, open: true, close: true, restart: write, terminate: write, resize: write },
    client: { list: true },
    git: { status: false },
    language: { list: false, lspRead: false, lspWrite: false },
  };
}

export const CAPABILITIES: PitcherCapabilities = {
  client: { status: true, list: true },
  file: { status: true, openClose: true, openByPath: false, save: true, ot: true, selection: true },
  fs: { raw: false, read: true, operations: true, search: false, streamingSearch: false, pathSearch: false },
  shell: { io: true, list: true, openClose: true, createTerminate: true, restart: false, resize: true, status: true },
  port: { list: true, status: false },
};

/** The permission each method needs; methods absent here need only a joined client. */
export const REQUIRED_PERMISSION: Partial<Record<RequestMethod, [keyof PitcherPermissions, string]>> = {
  'fs/read': ['fs', 'read'],
  'fs/readdir': ['fs', 'read'],
  'file/open': ['file', 'open'],
  'file/documentOperation': ['file', 'documentOperation'],
  'file/documentSelection': ['file', 'documentSelection'],
  'file/save': ['file', 'save'],
  'shell/create': ['shell', 'create'],
  'shell/in': ['shell', 'write'],
  'shell/resize': ['shell', 'resize'],
  'shell/terminate': ['shell', 'terminate'],
  'shell/rename': ['shell', 'create'],
};

export function isAllowed(permissions: PitcherPermissions, method: RequestMethod): boolean {
  const needed = REQUIRED_PERMISSION[method];
  if (!needed) return true;
  const [group, name] = needed;
  return permissions[group]?.[name] === true;
}
