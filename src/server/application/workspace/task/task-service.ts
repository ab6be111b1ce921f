import { WorkspaceContext } from '../workspace-context';

/** One workspace's task/* and setup/* (.codesandbox/tasks.json). */
export class TaskService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
