import { TextOperation } from '../../domain/ot/text-operation';
import { PortError } from '../ports/port-error';

/**
 * What became of an operation sent to the server: acknowledged, refused (with `drop` when sending it again can never
 * succeed), or unknown (the connection went away before the answer).
 */
export type Outcome =
  | { readonly kind: 'acked'; readonly revision: number }
  | { readonly kind: 'rejected'; readonly message: string; readonly drop: boolean }
  | { readonly kind: 'unknown' };

/** Turns the answer to a sent operation into an Outcome; never rejects. */
export function outcomeOf(request: Promise<{ revision: number }>): Promise<Outcome> {
  return request.then(
    (ack): Outcome => ({ kind: 'acked', revision: ack.revision }),
    (error: unknown): Outcome => {
      if (error instanceof PortError && error.kind === 'rejected') return { kind: 'rejected', message: error.message, drop: error.permanent };
      return { kind: 'unknown' };
    },
  );
}

/** The one operation a document has on the wire (ot.js: at most one outstanding), with its exactly-once seq. */
export class InFlight {
  outcome: Outcome | undefined;
  private resolveSettled!: (outcome: Outcome) => void;
  /** Resolves with the outcome once the answer (or the loss of the connection) arrives. */
  readonly settled = new Promise<Outcome>((resolve) => (this.resolveSettled = resolve));

  constructor(
    readonly seq: number,
    /** The server revision the operation is based on. */
    readonly revision: number,
    /** The operation as sent (a copy sent again must be the same). */
    readonly operation: TextOperation,
  ) {}

  track(request: Promise<{ revision: number }>): Promise<Outcome> {
    return outcomeOf(request).then((outcome) => {
      this.outcome = outcome;
      this.resolveSettled(outcome);
      return outcome;
    });
  }
}
