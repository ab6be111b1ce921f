import { inject, injectable } from 'inversify';
import { computed, makeObservable } from 'mobx';
import { GitDecoration, foldersWithChanges, gitDecoration } from '../../domain/git/git-decoration';
import { GitStore } from '../git/git.store';

const withoutLeadingSlash = (path: string): string => path.replace(/^\.?\/+/, '');

/**
 * The git decorations of the explorer (spec 002 §3): a badge and tooltip per changed file, read from GitStore's
 * status, and the folders that contain a change (shown with a dot).
 */
@injectable()
export class FileDecorationsStore {
  constructor(@inject(GitStore) private readonly git: GitStore) {
    makeObservable(this, { byPath: computed, changedFolders: computed });
  }

  /** Decoration by workspace path without a leading slash ('src/App.js'). */
  get byPath(): ReadonlyMap<string, GitDecoration> {
    const decorations = new Map<string, GitDecoration>();
    for (const file of this.git.changedFiles) {
      const decoration = gitDecoration(file);
      if (decoration) decorations.set(withoutLeadingSlash(file.path), decoration);
    }
    return decorations;
  }

  get changedFolders(): ReadonlySet<string> {
    return foldersWithChanges(this.byPath.keys());
  }

  of(path: string): GitDecoration | undefined {
    return this.byPath.get(path);
  }

  folderHasChanges(path: string): boolean {
    return this.changedFolders.has(path);
  }
}
