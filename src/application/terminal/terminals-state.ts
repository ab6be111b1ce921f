/** Where the terminal panel is: not joined yet, joining the workspace's terminals, joined, or failed to join. */
export type TerminalsState =
  | { kind: 'idle' }
  | { kind: 'attaching' }
  | { kind: 'ready' }
  /** No running terminal to watch and no permission to create one. */
  | { kind: 'readonly' }
  | { kind: 'failed'; message: string };
