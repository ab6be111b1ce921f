import type { ClientSyncState } from '../../domain/ot/client-sync';
import type { TextOperation } from '../../domain/ot/text-operation';
import type { InFlight, Outcome } from './in-flight';

/** What became of the operation last sent, as far as the client knows. */
export type Fate = 'unknown' | 'applied' | 'not-applied' | 'refused';

/** Local edits the server may not have, while the document is not SYNCED (kept aside until a resync). */
export class UnconfirmedEdits {
  constructor(
    /** The operation last sent, on the server's text, and what became of it. */
    readonly outstanding: { operation: TextOperation; flight: InFlight | undefined; fate: Fate } | undefined,
    /** Everything edited after it. */
    public rest: TextOperation | undefined,
  ) {}

  /** What the client state machine had not had confirmed when the normal flow stopped; `flight` carries its outstanding operation. */
  static capture(state: ClientSyncState, flight: InFlight | undefined): UnconfirmedEdits {
    return new UnconfirmedEdits(
      state.kind === 'synchronized' ? undefined : { operation: state.outstanding, flight, fate: flight?.outcome ? fateOf(flight.outcome) : 'unknown' },
      state.kind === 'awaiting-with-buffer' ? state.buffer : undefined,
    );
  }

  /** A local edit: kept on top of the others. False when it does not follow them (their lengths disagree). */
  hold(op: TextOperation): boolean {
    if (!this.rest) {
      this.rest = op;
      return true;
    }
    const composed = this.rest.compose(op);
    if (composed.ok) this.rest = composed.value;
    return composed.ok;
  }
}

/** The fate an outcome tells of the operation it answers. */
export function fateOf(outcome: Outcome): Fate {
  if (outcome.kind === 'acked') return 'applied';
  if (outcome.kind === 'rejected') return outcome.drop ? 'refused' : 'not-applied';
  return 'unknown';
}
