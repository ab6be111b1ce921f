import { PitcherCapabilities, PitcherPermissions, RequestMethod, requiredPermissions } from '../../../protocol';

/** What a pitcher token grants: writers edit, save and run shells; readers watch (spec 002 §6). */
export type AccessLevel = 'read' | 'write';

/** The lower of two access levels: a token never grants more than the policy allows now. */
export function lowerAccess(a: AccessLevel, b: AccessLevel): AccessLevel {
  return a === 'write' && b === 'write' ? 'write' : 'read';
}

/**
 * The permission table (spec 002 §6, protocol.md §2). A reader may open, select, search, download and use language
 * features, and see the workspace's state (lists, status, metrics); everything that changes the workspace or runs
 * something in it needs write access.
 */
export function permissionsFor(access: AccessLevel): PitcherPermissions {
  const w = access === 'write';
  return {
    file: { open: true, documentOperation: w, documentSelection: true, save: w, documentAck: true, close: true },
    fs: { read: true, operation: w, search: true, pathSearch: true, upload: w, download: true },
    shell: { create: w, write: w, list: true, open: true, close: true, restart: w, terminate: w, resize: w },
    git: { status: true, remotes: true, diffStatus: true, remoteContent: true, pull: w, commit: w, discard: w, renameBranch: w, push: w },
    language: { list: true, lspRead: true, lspWrite: w },
    setup: { get: true, skip: w, skipAll: w, setStep: w, enable: w, disable: w, init: w },
    task: { list: true, run: w, stop: w, runCommand: w, create: w, update: w, saveToConfig: w, generateConfig: w, createSetupTasks: w },
    command: { list: true, execute: w },
    system: { metrics: true, update: true, hibernate: w, containers: w },
    // Bullpen's groups beyond protocol.md §2 (docs/protocol/client.md): channels carry presence (who follows whom, focus-file): ephemeral like selections, so readers may send too.
    channel: { subscribe: true, message: true },
    notification: { respond: w },
    container: { setup: w },
  };
}

/** What this build implements, announced in the join result (protocol.md §2). */
export const CAPABILITIES: PitcherCapabilities = {
  client: { status: true, list: true },
  file: { status: true, openClose: true, openByPath: true, save: true, ot: true, selection: true },
  fs: { raw: true, read: true, operations: true, search: true, streamingSearch: true, pathSearch: true },
  git: { status: true, targetDiff: true, pull: true, discard: true, commit: true, renameBranch: true },
  language: { list: true, pitcherLsp: true },
  port: { list: true, status: true },
  setup: { get: true, skip: true, skipAll: true, setStep: true, progress: true },
  shell: { io: true, list: true, openClose: true, createTerminate: true, restart: true, resize: true, status: true },
  task: { list: true, run: true, stop: true, runCommand: true, create: true, update: true, saveToConfig: true, generateConfig: true, createSetupTasks: true },
  channel: { subscribe: true, message: true },
  system: { hibernation: true, update: true, metrics: true, containers: true },
  command: { list: true, execute: true },
};

export function isAllowed(permissions: PitcherPermissions, method: RequestMethod): boolean {
  const needed = requiredPermissions[method];
  if (needed === 'joined') return true;
  const [group, name] = needed;
  return (permissions as unknown as Record<string, Record<string, boolean> | undefined>)[group]?.[name] === true;
}
