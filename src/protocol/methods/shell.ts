import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, boolean, empty, integer, literal, object, optional, string } from '../schema';

/** shell/* messages (protocol.md §3 shell). */
const shellId = string({ nonEmpty: true, max: 128 });
export const shellSize = object({ cols: integer({ min: 1, max: 1000 }), rows: integer({ min: 1, max: 1000 }) });
export type ShellSize = Infer<typeof shellSize>;

export type ShellStatus = 'RUNNING' | 'FINISHED' | 'ERROR' | 'KILLED' | 'RESTARTING';

export interface ShellDTO {
  shellId: string;
  name: string;
  status: ShellStatus;
  exitCode?: number;
  shellType: 'TERMINAL' | 'COMMAND';
  ownerUsername?: string;
  isSystemShell?: boolean;
  startCommand?: string;
}
export interface OpenShellDTO extends ShellDTO {
  buffer: string[];
}

export const shellCreateParams = object({
  command: optional(string({ max: 64 * 1024 })),
  cwd: optional(string({ max: 4096 })),
  size: optional(shellSize),
  type: optional(literal('TERMINAL', 'COMMAND')),
  isSystemShell: optional(boolean),
});
export type ShellCreateParams = Infer<typeof shellCreateParams>;

export const shellOpenParams = object({ shellId, size: optional(shellSize) });
export type ShellOpenParams = Infer<typeof shellOpenParams>;

export const shellInParams = object({ shellId, input: string({ max: 1024 * 1024 }), size: optional(shellSize) });
export type ShellInParams = Infer<typeof shellInParams>;

export const shellResizeParams = object({ shellId, size: shellSize });
export type ShellResizeParams = Infer<typeof shellResizeParams>;

export const shellIdParams = object({ shellId });
export type ShellIdParams = Infer<typeof shellIdParams>;

export const shellRenameParams = object({ shellId, name: string({ max: 4096 }) });
export type ShellRenameParams = Infer<typeof shellRenameParams>;

export const shellListParams = empty;
export interface ShellListResult {
  shells: ShellDTO[];
}

export interface ShellOutNotification {
  shellId: string;
  out: string;
}
export interface ShellExitNotification {
  shellId: string;
  shellType: 'TERMINAL' | 'COMMAND';
  exitCode: number;
}
export interface ShellTerminateNotification {
  shellId: string;
  author: string;
}

export interface ShellRequests {
  'shell/create': { params: ShellCreateParams; result: OpenShellDTO };
  'shell/open': { params: ShellOpenParams; result: OpenShellDTO };
  'shell/close': { params: ShellIdParams; result: null };
  'shell/in': { params: ShellInParams; result: null };
  'shell/resize': { params: ShellResizeParams; result: null };
  'shell/list': { params: Record<string, never>; result: ShellListResult };
  'shell/restart': { params: ShellIdParams; result: null };
  'shell/terminate': { params: ShellIdParams; result: ShellDTO };
  'shell/rename': { params: ShellRenameParams; result: null };
}
export interface ShellNotifications {
  'shell/create': ShellDTO;
  'shell/out': ShellOutNotification;
  'shell/exit': ShellExitNotification;
  'shell/terminate': ShellTerminateNotification;
  'shell/restart': { shellId: string };
  'shell/rename': { shell: ShellDTO };
}
export const shellSchemas: RequestSchemas<ShellRequests> = {
  'shell/create': shellCreateParams,
  'shell/open': shellOpenParams,
  'shell/close': shellIdParams,
  'shell/in': shellInParams,
  'shell/resize': shellResizeParams,
  'shell/list': shellListParams,
  'shell/restart': shellIdParams,
  'shell/terminate': shellIdParams,
  'shell/rename': shellRenameParams,
};
/** Opening, listing and closing shells only watches them; everything that runs or changes one needs write access. */
export const shellPermissions: RequestPermissions<ShellRequests> = {
  'shell/create': ['shell', 'create'],
  'shell/open': ['shell', 'open'],
  'shell/close': ['shell', 'close'],
  'shell/in': ['shell', 'write'],
  'shell/resize': ['shell', 'resize'],
  'shell/list': ['shell', 'list'],
  'shell/restart': ['shell', 'restart'],
  'shell/terminate': ['shell', 'terminate'],
  'shell/rename': ['shell', 'create'],
};
