/**
 * Replaces Monaco's `vs/base/browser/performance.js` in the browser build (webpack.config.ts). That module times
 * every key for VS Code's telemetry: per key it sets 8 performance marks, 4 measures, 4 look-ups by name, 12 clears
 * and 2 timers, about 0.8 ms of the main thread per key on a 2-core machine (ADR 0016), and nothing in Bullpen reads
 * the figures. Monaco's editor calls these hooks; here they do nothing.
 * test/unit/ui/editor/input-latency-off.test.ts checks that they are all the hooks Monaco's modules call.
 */
const nothing = (): void => undefined;

export const inputLatency = {
  onKeyDown: nothing,
  onBeforeInput: nothing,
  onInput: nothing,
  onKeyUp: nothing,
  onSelectionChange: nothing,
  onRenderStart: nothing,
  getAndClearMeasurements: (): undefined => undefined,
};
