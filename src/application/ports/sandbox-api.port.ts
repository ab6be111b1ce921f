/** The platform API calls the editor needs to open a sandbox. */
export const SandboxApiPort = Symbol('SandboxApiPort');

export interface SandboxSummary {
  id: string;
  title: string;
  /** A cloud sandbox running in a micro VM (a devbox, "v2"); the window label says 'Devbox' (spec 002 §2). */
  isCloud?: boolean;
  /**
   * The file the editor opens first when the server told (the editor page's boot data): asked for with the tree,
   * right after the join. Absent: the client picks it from the tree (spec 002 §2).
   */
  initialFile?: string;
}

export interface WorkspaceHost {
  pitcherUrl: string;
  pitcherToken: string;
}

export interface SandboxApiPort {
  getSandbox(id: string): Promise<SandboxSummary>;
  startWorkspace(id: string): Promise<WorkspaceHost>;
}

export class SandboxNotFoundError extends Error {
  constructor(readonly sandboxId: string) {
    super('Sandbox not found');
  }
}
