import { ServerDocument } from '../../../domain/ot/server-document';
import { transformSelection } from '../../../domain/ot/selection-transform';
import { TextOperation } from '../../../domain/ot/text-operation';
import { WireSelection } from '../../../protocol';
import { ClientSession } from './client-session';

/** A text file that at least one client has open: its OT document, participants and their selections. */
export class OpenDocument {
  readonly participants = new Map<string, ClientSession>();
  readonly selections = new Map<string, WireSelection[] | null>();
  journalStarted = false;

  constructor(
    readonly fileId: string,
    readonly document: ServerDocument,
    public savedHash: string,
  ) {}

  join(session: ClientSession): void {
    this.participants.set(session.clientId, session);
    if (!this.selections.has(session.clientId)) this.selections.set(session.clientId, null);
  }

  leave(clientId: string): void {
    this.participants.delete(clientId);
    this.selections.delete(clientId);
    this.document.forgetClient(clientId);
  }

  /** Moves every stored selection through an applied operation. */
  transformSelections(op: TextOperation): void {
    for (const [clientId, ranges] of this.selections) {
      if (ranges) this.selections.set(clientId, ranges.map((r) => transformSelection(op, r)));
    }
  }

  others(clientId: string): ClientSession[] {
    return [...this.participants.values()].filter((p) => p.clientId !== clientId);
  }

  clientsJSON(): Record<string, { username: string }> {
    const out: Record<string, { username: string }> = {};
    for (const p of this.participants.values()) out[p.clientId] = { username: p.json.username };
    return out;
  }

  selectionsJSON(): Record<string, WireSelection[] | null> {
    return Object.fromEntries(this.selections);
  }
}
