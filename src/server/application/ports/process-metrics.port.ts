/** Resource use of a workspace's processes and files, read from the operating system (Linux: /proc, statfs). */
export const ProcessMetrics = Symbol('ProcessMetrics');
export interface ProcessMetrics {
  /** CPU time (seconds, user + system) and resident memory (bytes) of these processes and all their descendants. */
  usage(rootPids: readonly number[]): Promise<{ cpuSeconds: number; rssBytes: number }>;
  /** Bytes used by the files under `dir` (may be a cached figure up to a minute old) and the size of its file system. */
  storage(dir: string): Promise<{ usedBytes: number; totalBytes: number }>;
  /** The machine: CPU cores and memory in bytes. */
  machine(): { cores: number; memoryBytes: number };
}
