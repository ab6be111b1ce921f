/** A browser WebSocket as far as the early socket and reconnecting-websocket use it; each construction is recorded. */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.made.push(this);
  }
  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
}
