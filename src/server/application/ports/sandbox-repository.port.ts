/** Where sandbox records live (platform data). */
export const SandboxRepository = Symbol('SandboxRepository');

export interface SandboxRecord {
  id: string;
  title: string;
  template: string;
  createdAt: string;
  /** What visitors may do in this sandbox (never more than the server's BULLPEN_ANONYMOUS_ACCESS); absent: write. */
  anonymousAccess?: 'read' | 'write';
}

export interface SandboxRepository {
  list(): Promise<SandboxRecord[]>;
  get(id: string): Promise<SandboxRecord | undefined>;
  /** Stores the record and writes its starter files. */
  create(record: SandboxRecord, files: Record<string, string | Uint8Array>): Promise<void>;
  /** Replaces the stored record of an existing sandbox. */
  update(record: SandboxRecord): Promise<void>;
  /** The directory holding the sandbox's files. */
  filesDir(id: string): string;
  /** The sandbox's home directory for its processes (kept between runs; created by create). */
  homeDir(id: string): string;
}
