import { WorkspaceContext } from '../workspace-context';

/** One workspace's port/* (detected listening ports and their preview URLs). */
export class PortService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
