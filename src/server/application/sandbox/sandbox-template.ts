/** A named set of starter files. */
export interface SandboxTemplate {
  id: string;
  title: string;
  files: Record<string, string>;
}
