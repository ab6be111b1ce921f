import { PreviewTarget } from '../../../domain/port/preview-host';

/**
 * The websockets open through the preview proxy, per sandbox port: a previewed page that keeps one (a dev server's
 * hot reload) updates itself, so the editor does not reload it after an edit (docs/protocol/port.md "Hot reload").
 */
export class PreviewSockets {
  private readonly open = new Map<string, number>();

  /** A socket to `target` is open; the returned function (idempotent) says it closed. */
  opened(target: PreviewTarget): () => void {
    const key = keyOf(target);
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  count(target: PreviewTarget): number {
    return this.open.get(keyOf(target)) ?? 0;
  }
}

const keyOf = (target: PreviewTarget) => `${target.sandboxId}:${target.port}`;
