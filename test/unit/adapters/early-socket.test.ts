/** @jest-environment jsdom */
import { claimEarlySocket, earlySocketAware, openEarlySocket, pitcherSocketUrl } from '../../../src/adapters/pitcher/early-socket';
import { readBootData } from '../../../src/adapters/rest/boot-sandbox-api.adapter';
import { FakeWebSocket as FakeSocket } from './support/fake-web-socket';

const make = (url: string) => new FakeSocket(url) as unknown as WebSocket;
const URL_A = pitcherSocketUrl('ws://127.0.0.1:4000/pitcher/abc', 'to ken');

describe('the early workspace socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('builds the first connection URL as the pitcher client does (the token encoded)', () => {
    expect(URL_A).toBe('ws://127.0.0.1:4000/pitcher/abc/?token=to%20ken');
  });

  it('is given once, to a claim for its own URL, as an arraybuffer socket', () => {
    openEarlySocket(URL_A, make);
    const socket = claimEarlySocket(URL_A) as unknown as FakeSocket;
    expect(socket).toBe(FakeSocket.made[0]);
    expect(socket.binaryType).toBe('arraybuffer');
    expect(claimEarlySocket(URL_A)).toBeUndefined();
  });

  it('is closed, not given, when the claim is for another URL or it already closed, or when nobody claims it in 15 s', () => {
    openEarlySocket(URL_A, make);
    expect(claimEarlySocket(`${URL_A}&reconnectToken=x`)).toBeUndefined();
    expect(FakeSocket.made[0].closed).toBe(true);
    openEarlySocket(URL_A, make);
    FakeSocket.made[1].close();
    expect(claimEarlySocket(URL_A)).toBeUndefined();
    openEarlySocket(URL_A, make);
    jest.advanceTimersByTime(15_000);
    expect(FakeSocket.made[2].closed).toBe(true);
    expect(claimEarlySocket(URL_A)).toBeUndefined();
  });

  it("is adopted by the reconnecting socket's first construction; an open that already happened reaches each later 'open' listener once", () => {
    const Aware = earlySocketAware(FakeSocket as unknown as typeof WebSocket);
    expect(Aware.CLOSING).toBe(2); // reconnecting-websocket's check of a WebSocket class
    openEarlySocket(URL_A, make);
    FakeSocket.made[0].open();
    const adopted = new Aware(URL_A);
    expect(adopted).toBe(FakeSocket.made[0]);
    const opens: string[] = [];
    const onOpen = () => opens.push('open');
    adopted.addEventListener('open', onOpen);
    adopted.addEventListener('open', onOpen);
    jest.advanceTimersByTime(0);
    expect(opens).toEqual(['open']);
    // A reconnect makes a new socket.
    const next = new Aware(URL_A) as unknown as FakeSocket;
    expect(next).toBe(FakeSocket.made[1]);
    expect(next.url).toBe(URL_A);
  });

  it('leaves a socket still connecting to deliver its own open', () => {
    const Aware = earlySocketAware(FakeSocket as unknown as typeof WebSocket);
    openEarlySocket(URL_A, make);
    const adopted = new Aware(URL_A);
    const opens: number[] = [];
    adopted.addEventListener('open', () => opens.push(1));
    jest.advanceTimersByTime(10);
    expect(opens).toEqual([]);
    FakeSocket.made[0].open();
    expect(opens).toEqual([1]);
  });
});

describe('readBootData', () => {
  it('reads the boot element once per document: the boot script and the app get the same data', () => {
    const boot = { sandbox: { id: 'abc', title: 'T' }, vm: { pitcher_url: 'ws://h/p', pitcher_token: 't' } };
    document.body.innerHTML = `<script id="bp-boot" type="application/json">${JSON.stringify(boot)}</script>`;
    expect(readBootData(document)).toEqual(boot);
    expect(document.getElementById('bp-boot')).toBeNull();
    expect(readBootData(document)).toEqual(boot);
  });
});
