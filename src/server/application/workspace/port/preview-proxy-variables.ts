/**
 * What every workspace process's environment tells dev servers about the preview proxy (docs/protocol/port.md
 * "Hot reload", ADR 0021). A previewed page is served from its preview origin (`<sandbox>-<port>.<host>`, Bullpen's
 * own port), never from the dev server's port, so a hot-reload socket must connect to the page's own host and port,
 * which the proxy passes on to the dev server.
 *
 * - `WDS_SOCKET_PORT=0`: create-react-app (react-scripts) and webpack-dev-server configurations written like it put
 *   it in `client.webSocketURL.port`; 0 makes webpack-dev-server's client use the page's port (without it, the client
 *   aims at the dev server's own port on the preview host, where nothing listens). WDS_SOCKET_HOST and
 *   WDS_SOCKET_PATH are left unset: their defaults, the page's host and `/ws`, are right.
 * - Vite needs nothing: its client uses the page's host and port unless the project's config sets `server.hmr`.
 */
export const PREVIEW_PROXY_VARIABLES: Readonly<Record<string, string>> = { WDS_SOCKET_PORT: '0' };
