import { Emitter } from '../../base/event';
import type { AuthWindow, AuthWindowOptions, AuthWindowsPort } from '../../application/ports/auth-windows.port';

type PageWindow = Pick<
  Window,
  'open' | 'addEventListener' | 'removeEventListener' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight' | 'opener' | 'location'
>;

/**
 * Sign-in windows with the browser's window API: a popup centred on the page, its messages taken only from itself
 * and from this origin, its closing polled (a cross-origin popup gives no event when it closes).
 */
export class WindowAuthWindows implements AuthWindowsPort {
  constructor(private readonly page: PageWindow = globalThis.window) {}

  open(url: string, { width, height, pollMs }: AuthWindowOptions): AuthWindow | undefined {
    const left = Math.max(0, Math.round(this.page.screenX + (this.page.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(this.page.screenY + (this.page.outerHeight - height) / 2));
    const popup = this.page.open(url, 'bullpen-sign-in', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) return undefined;
    const messages = new Emitter<unknown>();
    const closes = new Emitter<void>();
    const origin = this.page.location.origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.source === popup) messages.fire(event.data);
    };
    this.page.addEventListener('message', onMessage);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(poll);
      this.page.removeEventListener('message', onMessage);
      messages.dispose();
      closes.dispose();
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closes.fire();
      end();
    }, pollMs);
    return {
      onDidPostMessage: messages.event,
      onDidClose: closes.event,
      close: () => {
        end();
        if (!popup.closed) popup.close();
      },
      dispose: end,
    };
  }

  postToOpener(message: unknown): boolean {
    const opener = this.page.opener as Window | null;
    if (!opener || opener === (this.page as unknown)) return false;
    try {
      opener.postMessage(message, this.page.location.origin);
      return true;
    } catch {
      return false;
    }
  }

  navigate(url: string): void {
    this.page.location.assign(url);
  }
}
