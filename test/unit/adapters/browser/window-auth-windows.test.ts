import { WindowAuthWindows } from '../../../../src/adapters/browser/window-auth-windows.adapter';

type Listener = (event: { origin: string; source: unknown; data: unknown }) => void;

function fakePage() {
  const listeners = new Set<Listener>();
  const popup = { closed: false, close: jest.fn(() => void (popup.closed = true)) };
  const opened: Array<[string, string, string]> = [];
  const page = {
    screenX: 100,
    screenY: 50,
    outerWidth: 1220,
    outerHeight: 818,
    opener: null as unknown,
    location: { origin: 'http://localhost:3000', assign: jest.fn() },
    open: (url: string, name: string, features: string) => {
      opened.push([url, name, features]);
      return popup;
    },
    addEventListener: (_type: string, l: Listener) => void listeners.add(l),
    removeEventListener: (_type: string, l: Listener) => void listeners.delete(l),
  };
  const post = (data: unknown, origin = 'http://localhost:3000', source: unknown = popup) => {
    for (const l of [...listeners]) l({ origin, source, data });
  };
  return { page, popup, opened, listeners, post };
}

describe('WindowAuthWindows', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens a popup of the asked size centred on the page, and hears only its same-origin messages', () => {
    const { page, opened, post } = fakePage();
    const windows = new WindowAuthWindows(page as never);
    const popup = windows.open('/api/v1/auth/github?version=2', { width: 1020, height: 618, pollMs: 500 })!;
    expect(opened).toEqual([['/api/v1/auth/github?version=2', 'bullpen-sign-in', 'popup=yes,width=1020,height=618,left=200,top=150']]);
    const heard: unknown[] = [];
    popup.onDidPostMessage((m) => heard.push(m));
    post({ type: 'signin' });
    post({ type: 'signin', from: 'elsewhere' }, 'https://evil.test');
    post({ type: 'signin', from: 'another window' }, 'http://localhost:3000', {});
    expect(heard).toEqual([{ type: 'signin' }]);
    popup.dispose();
  });

  it('polls the popup every pollMs and reports its closing once, then stops listening', () => {
    const { page, popup, listeners } = fakePage();
    const windows = new WindowAuthWindows(page as never);
    const opened = windows.open('/x', { width: 10, height: 10, pollMs: 500 })!;
    let closes = 0;
    opened.onDidClose(() => closes++);
    jest.advanceTimersByTime(1000);
    expect(closes).toBe(0);
    popup.closed = true;
    jest.advanceTimersByTime(499);
    expect(closes).toBe(0);
    jest.advanceTimersByTime(1);
    expect(closes).toBe(1);
    jest.advanceTimersByTime(5000);
    expect(closes).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('close() closes the popup without reporting it as closed by the person; a blocked popup is undefined', () => {
    const { page, popup } = fakePage();
    const windows = new WindowAuthWindows(page as never);
    const opened = windows.open('/x', { width: 10, height: 10, pollMs: 500 })!;
    let closes = 0;
    opened.onDidClose(() => closes++);
    opened.close();
    jest.advanceTimersByTime(1000);
    expect(popup.close).toHaveBeenCalled();
    expect(closes).toBe(0);
    expect(new WindowAuthWindows({ ...page, open: () => null } as never).open('/x', { width: 1, height: 1, pollMs: 1 })).toBeUndefined();
  });

  it('posts to an opener only at this origin, and navigates', () => {
    const { page } = fakePage();
    const windows = new WindowAuthWindows(page as never);
    expect(windows.postToOpener({ type: 'CLI_TOKEN', token: 't' })).toBe(false);
    const opener = { postMessage: jest.fn() };
    page.opener = opener;
    expect(windows.postToOpener({ type: 'CLI_TOKEN', token: 't' })).toBe(true);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'CLI_TOKEN', token: 't' }, 'http://localhost:3000');
    windows.navigate('https://idp.test/start');
    expect(page.location.assign).toHaveBeenCalledWith('https://idp.test/start');
  });
});
