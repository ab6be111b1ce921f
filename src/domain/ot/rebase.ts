import { type Result, ok } from '../../base/result';
import { diffOperation } from './line-diff';
import { TextOperation } from './text-operation';
import type { OtError } from './text-operation.errors';

/** What a client knew when it lost sync, and what the server now has. */
export interface RebaseInput {
  /** The server's text as the client last knew it. */
  readonly serverText: string;
  /** The client's unconfirmed operation on `serverText`, if any, and its fate. */
  readonly outstanding?: { readonly operation: TextOperation; readonly fate: 'applied' | 'not-applied' | 'refused' };
  /** Later local edits, on top of `serverText` plus the outstanding operation. */
  readonly rest?: TextOperation;
  /** The server's text now. */
  readonly serverContent: string;
}

export interface RebaseOutcome {
  /** Applies to the client's local text and makes it the server's content plus the kept local edits. */
  readonly toApply: TextOperation;
  /** The kept local edits, on the server's content: send them (when not a no-op). */
  readonly toSend: TextOperation | undefined;
}

/**
 * Resync after a lost connection or a refused operation (spec 002 §4): the server's content wins for what it has,
 * and every local edit it does not have is kept, moved onto that content. An outstanding operation the server
 * applied is not sent again; one it refused (its text cannot be stored) is dropped from the local text too.
 * The local text must be `rest(outstanding(serverText))`; the result converges with the server by construction
 * (it is an OT transform of the kept edits against the server's change, found by a line diff).
 */
export function rebase(input: RebaseInput): Result<RebaseOutcome, OtError> {
  const { serverText, outstanding, serverContent } = input;
  let base = serverText;
  let kept: TextOperation | undefined;
  let undo: TextOperation | undefined;
  let rest = input.rest;
  if (outstanding?.fate === 'applied') {
    const applied = outstanding.operation.apply(serverText);
    if (!applied.ok) return applied;
    base = applied.value;
  } else if (outstanding?.fate === 'not-applied') {
    kept = outstanding.operation;
  } else if (outstanding?.fate === 'refused') {
    // Take the refused edit out of the local text: invert it and move the later edits over the inversion.
    const inverse = outstanding.operation.invert(serverText);
    if (rest) {
      const pair = TextOperation.transform(rest, inverse);
      if (!pair.ok) return pair;
      [rest, undo] = pair.value;
    } else {
      undo = inverse;
    }
  }
  if (rest) {
    if (kept) {
      const composed = kept.compose(rest);
      if (!composed.ok) return composed;
      kept = composed.value;
    } else {
      kept = rest;
    }
  }
  const serverChange = diffOperation(base, serverContent);
  let toApply = serverChange;
  let toSend: TextOperation | undefined;
  if (kept) {
    const pair = TextOperation.transform(kept, serverChange);
    if (!pair.ok) return pair;
    [toSend, toApply] = pair.value;
  }
  if (undo) {
    const composed = undo.compose(toApply);
    if (!composed.ok) return composed;
    toApply = composed.value;
  }
  return ok({ toApply, toSend: toSend && !toSend.isNoop() ? toSend : undefined });
}
