/** Where sandbox records live (platform data). */
export const SandboxRepository = Symbol('SandboxRepository');

export interface SandboxRecord {
  id: string;
  title: string;
  template: string;
  createdAt: string;
}

export interface SandboxRepository {
  list(): Promise<SandboxRecord[]>;
  get(id: string): Promise<SandboxRecord | undefined>;
  /** Stores the record and writes its starter files. */
  create(record: SandboxRecord, files: Record<string, string>): Promise<void>;
  /** The directory holding the sandbox's files. */
  filesDir(id: string): string;
  /** The sandbox's home directory for its processes (kept between runs; created by create). */
  homeDir(id: string): string;
}
