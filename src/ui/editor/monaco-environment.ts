/* eslint-disable */
/**
 * Monaco's web workers, bundled by webpack from `new Worker(new URL(...))` (ADR 0004).
 * import.meta is valid in the webpack build; the CommonJS type-check does not know it.
 */
export function installMonacoEnvironment(): void {
  (self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      switch (label) {
        case 'json':
          // @ts-ignore import.meta in the webpack build
          return new Worker(new URL('monaco-editor/language/json/json.worker.js', import.meta.url));
        case 'css':
        case 'scss':
        case 'less':
          // @ts-ignore
          return new Worker(new URL('monaco-editor/language/css/css.worker.js', import.meta.url));
        case 'html':
        case 'handlebars':
        case 'razor':
          // @ts-ignore
          return new Worker(new URL('monaco-editor/language/html/html.worker.js', import.meta.url));
        case 'typescript':
        case 'javascript':
          // @ts-ignore
          return new Worker(new URL('monaco-editor/language/typescript/ts.worker.js', import.meta.url));
        default:
          // @ts-ignore
          return new Worker(new URL('monaco-editor/editor/editor.worker.js', import.meta.url));
      }
    },
  };
}
