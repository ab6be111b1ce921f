import { ClientSession } from '../client-session';
import { StreamingSearch } from './streaming-search';

/**
 * A client's streaming search from its request on: reserved before the engine is ready, so that a cancel (or a
 * second search with the same id) arriving meanwhile is not missed.
 */
export class SearchSlot {
  private cancelledEarly = false;
  private search: StreamingSearch | undefined;

  get cancelled(): boolean {
    return this.cancelledEarly;
  }

  attach(search: StreamingSearch): void {
    this.search = search;
  }

  cancel(): void {
    if (this.search) this.search.cancel();
    else this.cancelledEarly = true;
  }
}

/** The running streaming searches, per client and search id. */
export class StreamingSearches {
  private readonly byClient = new Map<ClientSession, Map<string, SearchSlot>>();

  /** A slot for a new search; undefined when the client has one with that id running. */
  reserve(session: ClientSession, searchId: string): SearchSlot | undefined {
    let own = this.byClient.get(session);
    if (own?.has(searchId)) return undefined;
    if (!own) this.byClient.set(session, (own = new Map()));
    const slot = new SearchSlot();
    own.set(searchId, slot);
    return slot;
  }

  release(session: ClientSession, searchId: string, slot: SearchSlot): void {
    const own = this.byClient.get(session);
    if (own?.get(searchId) !== slot) return;
    own.delete(searchId);
    if (own.size === 0) this.byClient.delete(session);
  }

  cancel(session: ClientSession, searchId: string): void {
    this.byClient.get(session)?.get(searchId)?.cancel();
  }

  cancelAll(): void {
    const slots = [...this.byClient.values()].flatMap((own) => [...own.values()]);
    this.byClient.clear();
    for (const slot of slots) slot.cancel();
  }
}
