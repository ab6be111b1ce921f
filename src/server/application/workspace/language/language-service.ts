import { WorkspaceContext } from '../workspace-context';

/** One workspace's language/* (language servers bridged over LSP). */
export class LanguageService {
  constructor(private readonly ctx: WorkspaceContext) {}

  dispose(): void {
    void this.ctx;
  }
}
