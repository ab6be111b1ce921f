/* eslint-disable */
import { FormatOptions, FormatterPort } from '../../application/ports/formatter.port';
import { FormatLanguage } from '../../domain/settings/editor-settings';

const FORMAT_TIMEOUT_MS = 10_000;

/** Prettier in a web worker (prettier.worker.ts), started on the first format; one request at a time per id. */
export class PrettierWorkerFormatter implements FormatterPort {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();

  async format(text: string, language: FormatLanguage, options: FormatOptions): Promise<string> {
    const worker = await this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('Formatting took too long'));
      }, FORMAT_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, text, language, options });
    });
  }

  private async start(): Promise<Worker> {
    if (this.worker) return this.worker;
    // The worker's URL needs import.meta (webpack); it lives in its own module, loaded on the first format.
    const { startPrettierWorker } = await import('./prettier-worker-url');
    if (this.worker) return this.worker;
    const worker = startPrettierWorker();
    worker.onmessage = (event: MessageEvent<{ id: number; text?: string; error?: string }>) => {
      const entry = this.pending.get(event.data.id);
      if (!entry) return;
      this.pending.delete(event.data.id);
      clearTimeout(entry.timer);
      if (event.data.error !== undefined) entry.reject(new Error(event.data.error));
      else entry.resolve(event.data.text ?? '');
    };
    worker.onerror = (event) => {
      for (const [id, entry] of this.pending) {
        clearTimeout(entry.timer);
        entry.reject(new Error(event.message || 'The formatter stopped'));
        this.pending.delete(id);
      }
      worker.terminate();
      this.worker = undefined;
    };
    this.worker = worker;
    return worker;
  }
}
