import { WorkspaceContext } from '../workspace-context';

/** One workspace's git/* (the real git CLI). */
export class GitService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
