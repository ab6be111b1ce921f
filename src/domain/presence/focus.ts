import type { FocusFileMessage } from './following';

/** Two focus-file messages that say the same thing (a follower needs only changes). */
export const sameFocus = (a: FocusFileMessage | undefined, b: FocusFileMessage | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.filepath === b.filepath &&
  a.currentLine === b.currentLine &&
  a.visibleLines.start === b.visibleLines.start &&
  a.visibleLines.end === b.visibleLines.end;

/** What the follow-away check (spec 002 §4, FOLLOW_AWAY_CHECK_MS after a change) looks at. */
export interface FollowView {
  readonly isFollowing: boolean;
  /** The file the followed client last focused; undefined until its first focus-file message. */
  readonly followedPath: string | undefined;
  /** The file this client shows now. */
  readonly visiblePath: string | undefined;
  /** This client is still opening the followed file. */
  readonly opening: boolean;
}

/**
 * Spec 002 §4: "Following ends automatically if the followed file is no longer visible." Before the followed client
 * said where it is, and while its file is being opened here, nothing is decided.
 */
export const followedFileIsHidden = (view: FollowView): boolean =>
  view.isFollowing && view.followedPath !== undefined && !view.opening && view.visiblePath !== view.followedPath;

/** A focus-file's lines as sent: 1-based, start ≤ end, the current line clamped into the document. */
export function focusOf(filepath: string, visible: { start: number; end: number }, currentLine: number): FocusFileMessage {
  const start = Math.max(1, Math.min(visible.start, visible.end));
  const end = Math.max(start, visible.start, visible.end);
  return { filepath, visibleLines: { start, end }, currentLine: Math.max(1, currentLine) };
}
