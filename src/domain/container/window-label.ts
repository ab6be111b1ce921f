/**
 * Spec 002 §2: "Window label is 'Sandbox' or 'Devbox', with '(Web)' added when there is no server." A devbox is a
 * cloud sandbox running in a micro VM (the API's isCloud, "v2"); a sandbox without a workspace server runs in the
 * browser-only mode.
 */
export interface WindowKind {
  readonly isDevbox: boolean;
  readonly hasServer: boolean;
}

export function windowLabel(kind: WindowKind): string {
  const name = kind.isDevbox ? 'Devbox' : 'Sandbox';
  return kind.hasServer ? name : `${name} (Web)`;
}

/** The browser tab's title: the sandbox's title, the window label, the product. */
export const documentTitle = (title: string, label: string): string => `${title} - ${label} - Bullpen`;
