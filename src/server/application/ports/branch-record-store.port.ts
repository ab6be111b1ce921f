/** Where branch records live (platform data; spec 000 §7 "Beta project calls"). */
export const BranchRecordStore = Symbol('BranchRecordStore');

/** A branch as the platform knows it: in Bullpen each sandbox is one branch of its repository, so its id is the sandbox's. */
export interface BranchRecord {
  id: string;
  name: string;
}

export interface BranchRecordStore {
  /** The persisted record; undefined when its name was never set. */
  get(id: string): Promise<BranchRecord | undefined>;
  put(record: BranchRecord): Promise<void>;
}
