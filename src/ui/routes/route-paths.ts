/**
 * The client's routes (spec 000 §2), as paths: the route table (app-routes.tsx) renders them, the boot script reads
 * which are editor routes (Monaco is fetched only for those). The editor-shell routes of spec 001 join this table.
 */
export const ROUTE_PATHS = {
  sandbox: '/sandbox/*',
  devbox: '/devbox/*',
  cliLogin: '/cli/login',
  account: '/account',
  signIn: '/signin',
} as const;

/** Editor routes: each opens a workspace (`/sandbox/{id...}`, `/devbox/{id...}`). */
const EDITOR_ROUTE = /^\/(?:sandbox|devbox)\/(.+)$/;

/** The sandbox id of an editor route's address, or undefined for any other page. */
export function editorSandboxId(pathname: string): string | undefined {
  return EDITOR_ROUTE.exec(pathname)?.[1];
}

/** Whether an address is an editor route (the boot script fetches Monaco for those only). */
export const isEditorPath = (pathname: string): boolean => editorSandboxId(pathname) !== undefined;
