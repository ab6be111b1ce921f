import 'reflect-metadata';
import { WindowLabelStore } from '../../../../src/application/container/window-label.store';
import { WorkbenchStore } from '../../../../src/application/workspace/workbench.store';

const workbench = (state: WorkbenchStore['state']) => ({ state }) as WorkbenchStore;

describe('WindowLabelStore', () => {
  it("labels a cloud sandbox 'Devbox' and another 'Sandbox', with '(Web)' in the browser-only mode", () => {
    const devbox = workbench({ kind: 'ready', sandbox: { id: 's1', title: 'My app', isCloud: true } });
    expect(new WindowLabelStore(devbox, 'pitcher').label).toBe('Devbox');
    expect(new WindowLabelStore(devbox, 'pitcher').documentTitle).toBe('My app - Devbox - Bullpen');
    expect(new WindowLabelStore(devbox, 'browser').label).toBe('Devbox (Web)');
    const sandbox = workbench({ kind: 'ready', sandbox: { id: 's1', title: 'My app' } });
    expect(new WindowLabelStore(sandbox, 'pitcher').label).toBe('Sandbox');
    expect(new WindowLabelStore(sandbox, 'browser').label).toBe('Sandbox (Web)');
  });

  it("titles the page 'Loading' until the sandbox is known", () => {
    expect(new WindowLabelStore(workbench({ kind: 'loading' })).documentTitle).toBe('Loading - Sandbox - Bullpen');
  });
});
