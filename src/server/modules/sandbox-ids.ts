import { randomBytes } from 'node:crypto';

/** Sandbox ids: 6 lowercase base-36 characters, like the hosted products use. */
export const newSandboxId = (): string => [...randomBytes(6)].map((b) => (b % 36).toString(36)).join('');
