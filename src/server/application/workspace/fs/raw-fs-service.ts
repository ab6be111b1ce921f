import { WorkspaceContext } from '../workspace-context';

/** One workspace's the raw fs/* calls, fs/operation, upload, download and watches. */
export class RawFsService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
