import { TextBuffer } from '../../domain/ot/text-buffer';
import { TextOperation } from '../../domain/ot/text-operation';

/**
 * Where a document's local text lives: the editor's model while a view shows the document, a chunked buffer
 * otherwise. Applying an operation costs O(edit), not O(document); `getText` is O(document) and is only used off the
 * keystroke path (content hash, resync).
 */
export interface LocalText {
  readonly length: number;
  getText(): string;
  /** Applies an operation whose base length is `length` (remote edits, resync corrections). */
  apply(op: TextOperation): void;
}

/** The local text while no view holds it. */
export class BufferedLocalText implements LocalText {
  private readonly buffer: TextBuffer;

  constructor(text: string) {
    this.buffer = new TextBuffer(text);
  }

  get length(): number {
    return this.buffer.length;
  }

  getText(): string {
    return this.buffer.toString();
  }

  apply(op: TextOperation): void {
    this.buffer.apply(op);
  }
}
