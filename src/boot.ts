import { openEarlySocket, pitcherSocketUrl } from './adapters/pitcher/early-socket';
import { readBootData } from './adapters/rest/boot-sandbox-api.adapter';
import { isEditorPath } from './ui/routes/route-paths';
import { whenIdle } from './ui/when-idle';

/**
 * The browser entry (webpack.config.ts): opens the workspace websocket from the page's boot data (the pitcher client
 * adopts it: src/adapters/pitcher/early-socket.ts), then, on an editor route, fetches the editor (Monaco, the
 * largest chunk) and the app in parallel, so the handshake and Monaco's download run while the app's own code is
 * parsed (ADR 0012). Other pages (account, command-line login, sign-in) never fetch Monaco.
 */
const boot = readBootData();
if (boot) openEarlySocket(pitcherSocketUrl(boot.vm.pitcher_url, boot.vm.pitcher_token));
if (isEditorPath(window.location.pathname)) void import(/* webpackChunkName: "editor" */ './ui/editor/monaco-view');
void import(/* webpackChunkName: "app" */ './main');

/**
 * A page's first Intl.NumberFormat and its first collator each load locale data: about 40 and 20 ms on a slow 2-core
 * machine. Monaco's Unicode highlighter makes a NumberFormat when the first file opens, and the file tree sorts names
 * with localeCompare when it arrives, both on the way to the first editable file. Made here when the page is first
 * idle (the chunks' requests are out, their bytes not yet in), that cost falls in the wait for them instead
 * (bench/first-load).
 */
whenIdle(() => {
  new Intl.NumberFormat();
  'a'.localeCompare('b');
}, 500);
