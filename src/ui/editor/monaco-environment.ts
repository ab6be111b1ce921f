/* eslint-disable */
/**
 * Monaco's web workers, bundled by webpack from `new Worker(new URL(...))` (ADR 0004): the editor worker (diffs,
 * links, word suggestions) and JSON's; the other languages' services come from the workspace (src/ui/editor/monaco-core.ts).
 * import.meta is valid in the webpack build; the CommonJS type-check does not know it.
 */
export function installMonacoEnvironment(): void {
  (self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      switch (label) {
        case 'json':
          // @ts-ignore import.meta in the webpack build
          return new Worker(new URL('monaco-editor/language/json/json.worker.js', import.meta.url));
        default:
          // @ts-ignore
          return new Worker(new URL('monaco-editor/editor/editor.worker.js', import.meta.url));
      }
    },
  };
}
