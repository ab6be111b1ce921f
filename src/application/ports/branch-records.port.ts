/**
 * The platform's record of a branch (spec 000 §7 "Beta project calls", spec 002 §7 "Other calls":
 * PATCH /beta/sandboxes/branches/{branchId}, body name). A branch rename persists the new name here before the git
 * branch is renamed (spec 002 §4 "Branch rename").
 */
export const BranchRecordsPort = Symbol('BranchRecordsPort');

export interface BranchRecordsPort {
  /** Persists the branch's name; rejects with the API's message (a taken name: '… has already been taken'). */
  rename(branchId: string, name: string): Promise<void>;
}
