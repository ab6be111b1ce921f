import { GitRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

/** git/* (docs/protocol/git.md): everything is done by the workspace's GitService. */
export const gitHandlers: FamilyHandlers<keyof GitRequests> = {
  'git/status': ({ workspace }) => workspace.git.status(),
  'git/remotes': ({ workspace }) => workspace.git.remotes(),
  'git/targetDiff': ({ workspace }, p) => workspace.git.targetDiff(p.branch),
  'git/pull': ({ workspace }, p) => workspace.git.pull(p.branch, p.force ?? false),
  'git/discard': ({ workspace }, p) => workspace.git.discard(p.paths),
  'git/commit': ({ workspace, session, answer }, p) => workspace.git.commit(session, p, answer),
  'git/push': ({ workspace }) => workspace.git.push(),
  'git/pushToRemote': ({ workspace }, p) => workspace.git.pushToRemote(p.url, p.branch, p.squashAllCommits ?? false),
  'git/renameBranch': ({ workspace }, p) => workspace.git.renameBranch(p.oldBranch, p.newBranch),
  'git/remoteContent': ({ workspace }, p) => workspace.git.remoteContent(p.reference, p.path),
  'git/diffStatus': ({ workspace }, p) => workspace.git.diffStatus(p.base, p.head),
  'git/resetLocalWithRemote': ({ workspace }) => workspace.git.resetLocalWithRemote(),
  'git/checkoutInitialBranch': ({ workspace }) => workspace.git.checkoutInitialBranch(),
  'git/transposeLines': ({ workspace }, p) => workspace.git.transposeLines(p),
};
