import { Result, err, ok } from '../../../base/result';
import { gitErrors } from '../../../domain/git/git.errors';
import { isValidBranchName } from '../../../domain/git/ref-names';
import { BranchRecord, BranchRecordStore } from '../ports/branch-record-store.port';
import { SandboxRepository } from '../ports/sandbox-repository.port';
import { WorkspaceStorage } from '../ports/workspace-storage.port';
import { WorkspaceFilesFactory } from '../ports/workspace-files.port';
import { AccessLevel } from '../workspace/permissions';
import { checkedOutBranch, hasLocalBranch } from './repository-branches';

/** The texts of a refused branch call (spec 000 §8 error shape; the taken text is what spec 002 §8 reacts to). */
export const branchRecordErrors = {
  notFound: 'Branch not found',
  forbidden: 'Renaming a branch needs write access',
  nameTaken: 'Name has already been taken',
  invalidName: gitErrors.invalidBranchName,
} as const;

export type BranchRecordFailure = { readonly kind: 'not-found' | 'forbidden' | 'invalid-name' | 'name-taken'; readonly message: string };

/** A branch as the API answers it: the persisted name, else the branch the repository has checked out. */
export interface BranchView {
  id: string;
  name: string | undefined;
}

/**
 * Branch records (spec 000 §7: GET and PATCH /beta/sandboxes/branches/{id}, body name). A Bullpen sandbox is one
 * branch of its repository, so the branch id is the sandbox id. Renaming persists the record's name; the client then
 * renames the git branch (spec 002 §4 "Branch rename"). It needs write access, a valid git branch name and a name no
 * other local branch of the repository has ('Name has already been taken'); the checked-out branch's own name is
 * always allowed, so a failed rename can be reverted.
 */
export class BranchRecords {
  constructor(
    private readonly sandboxes: SandboxRepository,
    private readonly storage: WorkspaceStorage,
    private readonly records: BranchRecordStore,
    private readonly files: WorkspaceFilesFactory,
  ) {}

  async get(id: string): Promise<Result<BranchView, BranchRecordFailure>> {
    const sandbox = await this.sandboxes.get(id);
    if (!sandbox) return err({ kind: 'not-found', message: branchRecordErrors.notFound });
    const stored = await this.records.get(id);
    return ok({ id, name: stored?.name ?? (await checkedOutBranch(this.files(this.storage.filesDir(id)))) });
  }

  /** Renames the branch; `access` is what the caller may do in the sandbox (the route asks the access policy). */
  async rename(id: string, name: string, access: AccessLevel): Promise<Result<BranchRecord, BranchRecordFailure>> {
    const sandbox = await this.sandboxes.get(id);
    if (!sandbox) return err({ kind: 'not-found', message: branchRecordErrors.notFound });
    if (access !== 'write') return err({ kind: 'forbidden', message: branchRecordErrors.forbidden });
    if (!isValidBranchName(name)) return err({ kind: 'invalid-name', message: branchRecordErrors.invalidName(name) });
    const files = this.files(this.storage.filesDir(id));
    if (name !== (await checkedOutBranch(files)) && (await hasLocalBranch(files, name))) {
      return err({ kind: 'name-taken', message: branchRecordErrors.nameTaken });
    }
    const record: BranchRecord = { id, name };
    await this.records.put(record);
    return ok(record);
  }
}
