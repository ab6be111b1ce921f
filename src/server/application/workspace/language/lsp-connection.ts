import { LspError } from '../../../../domain/language/lsp-methods';
import { LspFrameDecoder, encodeLspFrame } from '../../../../domain/language/lsp-framing';
import { PipedProcess } from '../../ports/process-runtime.port';

/** How a request to a language server ended. */
export type LspOutcome =
  | { kind: 'result'; result: unknown }
  | { kind: 'error'; error: LspError }
  | { kind: 'failed'; reason: string };

export type LspId = number | string;

export interface LspConnectionHandlers {
  onNotification(method: string, params: unknown): void;
  onRequest(id: LspId, method: string, params: unknown): void;
  /** Fires once, when the process exited or the stream broke; pending requests have failed with the reason. */
  onClose(reason: string, stderrTail: string): void;
}

export interface LspConnectionLimits {
  /** Largest message the server may send (bytes of its body). */
  maxMessageBytes: number;
  /** A request not answered within this time fails with 'timed out' and is cancelled on the server. */
  requestTimeoutMs: number;
}

const STDERR_TAIL_CHARS = 4096;

interface Pending {
  resolve(outcome: LspOutcome): void;
  timer: ReturnType<typeof setTimeout>;
}

/** JSON-RPC 2.0 over a language server's stdio (LSP base protocol): requests with time-outs, notifications, answers. */
export class LspConnection {
  private readonly decoder: LspFrameDecoder;
  private readonly encoder = new TextEncoder();
  private readonly textDecoder = new TextDecoder();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closedReason: string | undefined;
  private stderrTail = '';

  constructor(
    readonly child: PipedProcess,
    private readonly handlers: LspConnectionHandlers,
    private readonly limits: LspConnectionLimits,
  ) {
    this.decoder = new LspFrameDecoder(limits.maxMessageBytes);
    child.onStdout((chunk) => this.receive(chunk));
    child.onStderr((chunk) => {
      this.stderrTail = (this.stderrTail + this.textDecoder.decode(chunk)).slice(-STDERR_TAIL_CHARS);
    });
    child.onExit(({ exitCode, signal }) => this.close(signal ? `the language server was ended by ${signal}` : `the language server exited with code ${exitCode}`));
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Requests awaiting their response. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Sends a request; `id` names it for cancel(). */
  request(method: string, params: unknown, timeoutMs = this.limits.requestTimeoutMs): { id: number; outcome: Promise<LspOutcome> } {
    const id = this.nextId++;
    if (this.closedReason !== undefined) return { id, outcome: Promise.resolve({ kind: 'failed', reason: this.closedReason }) };
    const outcome = new Promise<LspOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.settle(id, { kind: 'failed', reason: 'timed out' });
        this.notify('$/cancelRequest', { id });
      }, timeoutMs);
      this.pending.set(id, { resolve, timer });
    });
    this.write({ jsonrpc: '2.0', id, method, params });
    return { id, outcome };
  }

  /** Asks the server to cancel a request; its response (an error, usually) still settles it. */
  cancel(id: number): void {
    if (this.pending.has(id)) this.notify('$/cancelRequest', { id });
  }

  notify(method: string, params?: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** Answers a request the server made. */
  respond(id: LspId, answer: { result: unknown } | { error: LspError }): void {
    this.write('error' in answer ? { jsonrpc: '2.0', id, error: answer.error } : { jsonrpc: '2.0', id, result: answer.result ?? null });
  }

  /** Ends stdin (a well-behaved server exits after 'exit'). */
  end(): void {
    this.child.end();
  }

  kill(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): void {
    this.child.kill(signal);
  }

  private write(message: object): void {
    if (this.closedReason !== undefined) return;
    this.child.write(encodeLspFrame(this.encoder.encode(JSON.stringify(message))));
  }

  private receive(chunk: Uint8Array): void {
    if (this.closedReason !== undefined) return;
    const bodies = this.decoder.push(chunk);
    if (!bodies.ok) {
      // The stream cannot be resynchronised: the server is ended and started again on the next request.
      this.close(`the language server sent a malformed message (${bodies.error.message})`);
      this.child.kill('SIGKILL');
      return;
    }
    for (const body of bodies.value) {
      if (this.closedReason !== undefined) return;
      let message: unknown;
      try {
        message = JSON.parse(this.textDecoder.decode(body));
      } catch {
        continue; // one unreadable message; the framing is intact
      }
      this.dispatch(message);
    }
  }

  private dispatch(message: unknown): void {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const m = message as { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
    const hasId = typeof m.id === 'number' || typeof m.id === 'string';
    if (typeof m.method === 'string') {
      if (hasId) this.handlers.onRequest(m.id as LspId, m.method, m.params);
      else this.handlers.onNotification(m.method, m.params);
      return;
    }
    if (typeof m.id !== 'number') return;
    if ('error' in m && isLspError(m.error)) this.settle(m.id, { kind: 'error', error: m.error });
    else this.settle(m.id, { kind: 'result', result: m.result ?? null });
  }

  private settle(id: number, outcome: LspOutcome): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  private close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const id of [...this.pending.keys()]) this.settle(id, { kind: 'failed', reason });
    this.handlers.onClose(reason, this.stderrTail);
  }
}

function isLspError(value: unknown): value is LspError {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as { code?: unknown; message?: unknown };
  return typeof e.code === 'number' && typeof e.message === 'string';
}
