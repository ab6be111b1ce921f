import { PortError } from '../../application/ports/port-error';
import { requestTimedOutMessage } from '../../protocol';

/** One request of the pitcher client from its call until its answer, its time-out or its failure. */
export interface PendingRequest {
  readonly method: string;
  readonly params: unknown;
  /** The wire id, taken when the frame is sent. */
  id: number | undefined;
}

interface Entry extends PendingRequest {
  resolve: (value: unknown) => void;
  reject: (error: PortError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The pitcher client's requests that wait: those queued until a join (flushed or failed by the connection machine)
 * and those on the wire, by id. Ids count from 0 and are never reused; they are taken when a frame goes on the wire,
 * so they increase in wire order. Every request has its time-out, which takes it out of wherever it waits.
 */
export class PendingRequests {
  private nextId = 0;
  private readonly onWire = new Map<number, Entry>();
  private readonly queue: Entry[] = [];

  /** A new request; it rejects with the time-out text after `timeoutMs` unless settled before. */
  create(method: string, params: unknown, timeoutMs: number, resolve: (value: unknown) => void, reject: (error: PortError) => void): PendingRequest {
    const entry: Entry = { id: undefined, method, params, resolve, reject, timer: undefined };
    entry.timer = setTimeout(() => {
      if (entry.id !== undefined) this.onWire.delete(entry.id);
      const queued = this.queue.indexOf(entry);
      if (queued >= 0) this.queue.splice(queued, 1);
      reject(new PortError('timeout', requestTimedOutMessage(method)));
    }, timeoutMs);
    return entry;
  }

  /** Waits for the next join. */
  enqueue(request: PendingRequest): void {
    this.queue.push(request as Entry);
  }

  /** The queued requests, in call order; the queue is empty after. */
  takeQueued(): PendingRequest[] {
    return this.queue.splice(0);
  }

  /** The request goes on the wire now: its id. */
  sent(request: PendingRequest): number {
    const entry = request as Entry;
    entry.id = this.nextId++;
    this.onWire.set(entry.id, entry);
    return entry.id;
  }

  /** Fails a request that was not sent. */
  fail(request: PendingRequest, error: PortError): void {
    const entry = request as Entry;
    clearTimeout(entry.timer);
    entry.reject(error);
  }

  /** The answer to wire id `id`: a result, or a rejection; an id that waits for nothing is ignored. */
  settle(id: number, outcome: { ok: true; value: unknown } | { ok: false; error: PortError }): void {
    const entry = this.onWire.get(id);
    if (!entry) return;
    this.onWire.delete(id);
    clearTimeout(entry.timer);
    if (outcome.ok) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
  }

  /** Fails what is on the wire (its answer cannot come after the socket closed), and the queue too when asked. */
  failAll(message: string, includeQueued: boolean): void {
    const failed = [...this.onWire.values(), ...(includeQueued ? this.queue.splice(0) : [])];
    this.onWire.clear();
    for (const entry of failed) {
      clearTimeout(entry.timer);
      entry.reject(new PortError('disconnected', `Could not complete ${entry.method}: ${message}`));
    }
  }
}
