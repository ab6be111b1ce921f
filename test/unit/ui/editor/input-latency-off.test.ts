import * as fs from 'node:fs';
import * as path from 'node:path';
import { inputLatency } from '../../../../src/ui/editor/input-latency-off';

const MONACO = path.resolve(__dirname, '../../../../node_modules/monaco-editor/esm/vs');

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? jsFiles(full) : entry.name.endsWith('.js') ? [full] : [];
  });
}

describe("Monaco's input-latency telemetry, switched off in the browser build", () => {
  it('has a no-op for every hook that any of Monaco’s modules calls (an upgrade that adds one fails here)', () => {
    const called = new Set<string>();
    const importers: string[] = [];
    for (const file of jsFiles(MONACO)) {
      if (file.endsWith(path.join('base', 'browser', 'performance.js'))) continue;
      const source = fs.readFileSync(file, 'utf8');
      if (!/browser\/performance\.js'/.test(source)) continue;
      importers.push(file);
      for (const match of source.matchAll(/inputLatency\.(\w+)/g)) called.add(match[1]);
    }
    expect(importers.length).toBeGreaterThan(0);
    expect(called.size).toBeGreaterThan(0);
    for (const hook of called) expect(typeof (inputLatency as Record<string, unknown>)[hook]).toBe('function');
    // Nothing else is imported from the module: only `inputLatency`.
    for (const file of importers) {
      const imports = [...fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '[^']*browser\/performance\.js'/g)].map((m) => m[1].trim());
      expect(imports).toEqual(['inputLatency']);
    }
  });

  it('replaces the module that the webpack rule names (the path still exists in Monaco)', () => {
    expect(fs.existsSync(path.join(MONACO, 'base', 'browser', 'performance.js'))).toBe(true);
    const config = fs.readFileSync(path.resolve(__dirname, '../../../../webpack.config.ts'), 'utf8');
    expect(config).toContain('input-latency-off.ts');
  });

  it('does nothing when Monaco calls it', () => {
    const marks = performance.getEntriesByType?.('mark').length ?? 0;
    inputLatency.onKeyDown();
    inputLatency.onBeforeInput();
    inputLatency.onInput();
    inputLatency.onKeyUp();
    inputLatency.onSelectionChange();
    inputLatency.onRenderStart();
    expect(inputLatency.getAndClearMeasurements()).toBeUndefined();
    expect(performance.getEntriesByType?.('mark').length ?? 0).toBe(marks);
  });
});
