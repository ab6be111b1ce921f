/** The platform API calls the editor needs to open a sandbox. */
export const SandboxApiPort = Symbol('SandboxApiPort');

export interface SandboxSummary {
  id: string;
  title: string;
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
