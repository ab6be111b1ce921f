/**
 * The workspace websocket, opened by the boot script (src/boot.ts) from the page's boot data before the app's code
 * has even been fetched: the handshake runs while the browser downloads and evaluates the app and Monaco. The pitcher
 * client's first connection claims it (earlySocketAware) when it asks for the same URL; anything else closes it.
 * Nothing is sent on it before it is claimed (the client sends client/join), so nothing can be lost.
 */
let pending: { url: string; socket: WebSocket; timer: ReturnType<typeof setTimeout> } | undefined;

/** How long an early socket waits to be claimed (a page that is no editor never claims it). */
const UNCLAIMED_MS = 15_000;

/** `<pitcherUrl>/?token=…`: the URL of a first connection (protocol.md §1.1), as the pitcher client builds it. */
export function pitcherSocketUrl(pitcherUrl: string, pitcherToken: string): string {
  return `${pitcherUrl}/?token=${encodeURIComponent(pitcherToken)}`;
}

export function openEarlySocket(url: string, create: (url: string) => WebSocket = (u) => new WebSocket(u)): void {
  discardEarlySocket();
  const socket = create(url);
  socket.binaryType = 'arraybuffer';
  pending = { url, socket, timer: setTimeout(discardEarlySocket, UNCLAIMED_MS) };
}

/** The early socket, if it was opened for `url` and is still connecting or open; it is given away once. */
export function claimEarlySocket(url: string): WebSocket | undefined {
  const claimed = pending;
  if (!claimed) return undefined;
  pending = undefined;
  clearTimeout(claimed.timer);
  if (claimed.url === url && claimed.socket.readyState <= OPEN) return claimed.socket;
  claimed.socket.close();
  return undefined;
}

function discardEarlySocket(): void {
  const stale = pending;
  pending = undefined;
  if (!stale) return;
  clearTimeout(stale.timer);
  stale.socket.close();
}

const OPEN = 1;

type Listener = (event: Event) => void;

/**
 * A WebSocket class for reconnecting-websocket: its first construction for the early socket's URL adopts that socket
 * (an 'open' that happened before anyone listened is delivered to the first 'open' listener); every other one is a
 * new socket of `Base`.
 */
export function earlySocketAware(Base: typeof WebSocket = WebSocket): typeof WebSocket {
  class EarlySocketAware {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;

    constructor(url: string | URL, protocols?: string | string[]) {
      const early = claimEarlySocket(String(url));
      if (!early) return protocols === undefined ? new Base(url) : new Base(url, protocols);
      return adopt(early) as unknown as EarlySocketAware;
    }
  }
  return EarlySocketAware as unknown as typeof WebSocket;
}

/** The socket, whose 'open' (if it already happened) reaches 'open' listeners added from now on, once each. */
function adopt(socket: WebSocket): WebSocket {
  if (socket.readyState !== OPEN) return socket;
  const add = socket.addEventListener.bind(socket) as (type: string, listener: Listener) => void;
  const late = new Set<Listener>();
  Object.defineProperty(socket, 'addEventListener', {
    configurable: true,
    value: (type: string, listener: Listener) => {
      add(type, listener);
      if (type !== 'open' || late.has(listener)) return;
      late.add(listener);
      setTimeout(() => {
        if (socket.readyState === OPEN) listener(new Event('open'));
      }, 0);
    },
  });
  return socket;
}
