import { WorkspaceContext } from '../workspace-context';

/** One workspace's fs/search, fs/streamingSearch and fs/pathSearch. */
export class SearchService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
