/** Where sandbox records live (platform data; the files are the WorkspaceStorage's). */
export const SandboxRepository = Symbol('SandboxRepository');

/** 0 public (all), 1 unlisted (anyone with the link), 2 private (the team and collaborators): spec 000 §3. */
export type SandboxPrivacy = 0 | 1 | 2;

export interface SandboxRecord {
  id: string;
  title: string;
  template: string;
  /** ISO time. */
  createdAt: string;
  /** What visitors may do in this sandbox (never more than the server's BULLPEN_ANONYMOUS_ACCESS); absent: write. */
  anonymousAccess?: 'read' | 'write';
  privacy: SandboxPrivacy;
  /** The team workspace it belongs to. */
  teamId?: string;
  authorId?: string;
}

export interface SandboxRepository {
  /** Oldest first. */
  list(): Promise<SandboxRecord[]>;
  get(id: string): Promise<SandboxRecord | undefined>;
  /** Stores a new record; false when one with its id exists (it is left as it is). */
  create(record: SandboxRecord): Promise<boolean>;
  /** Replaces the stored record of an existing sandbox. */
  update(record: SandboxRecord): Promise<void>;
  /** Forgets the record (its files are the storage's); false when there was none. */
  delete(id: string): Promise<boolean>;
}
