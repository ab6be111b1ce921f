/** A named set of starter files (a path below the sandbox's files, and its content). */
export interface SandboxTemplate {
  id: string;
  title: string;
  files: Record<string, string | Uint8Array>;
}
