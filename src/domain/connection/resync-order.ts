/**
 * Which protocol families resync, and in which order (spec 002 §4).
 * After a reconnect: "clients, git (if permitted), ports, setup, shells, languages, tasks, system, commands, fs,
 * files, channels". After a seamless instance switch: "files (flushing the queue), git, tasks, ports, clients,
 * shells, languages and channels".
 */
export type ResyncFamily =
  | 'clients'
  | 'git'
  | 'ports'
  | 'setup'
  | 'shells'
  | 'languages'
  | 'tasks'
  | 'system'
  | 'commands'
  | 'fs'
  | 'files'
  | 'channels';

/** 'initial': the first join loads every family the same way, in the reconnect order. */
export type ResyncCause = 'initial' | 'reconnect' | 'instance-change';

export const RESYNC_ORDER_AFTER_RECONNECT: readonly ResyncFamily[] = [
  'clients',
  'git',
  'ports',
  'setup',
  'shells',
  'languages',
  'tasks',
  'system',
  'commands',
  'fs',
  'files',
  'channels',
];

export const RESYNC_ORDER_AFTER_INSTANCE_CHANGE: readonly ResyncFamily[] = ['files', 'git', 'tasks', 'ports', 'clients', 'shells', 'languages', 'channels'];

/** What the join granted that the resync depends on: git is resynced only with permissions.git.status. */
export interface ResyncPermissions {
  readonly gitStatus: boolean;
}

/** The families to resync for `cause`, in order, leaving out those the permissions forbid. */
export function resyncFamilies(cause: ResyncCause, permissions: ResyncPermissions): readonly ResyncFamily[] {
  const order = cause === 'instance-change' ? RESYNC_ORDER_AFTER_INSTANCE_CHANGE : RESYNC_ORDER_AFTER_RECONNECT;
  return order.filter((family) => family !== 'git' || permissions.gitStatus);
}

/** Spec 002 §4/§9: "The git refresh happens 1 s after reconnect." */
export const GIT_REFRESH_AFTER_RECONNECT_MS = 1_000;
