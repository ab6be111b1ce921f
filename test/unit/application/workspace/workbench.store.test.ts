import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { SandboxApiPort, SandboxNotFoundError, WorkspaceHost } from '../../../../src/application/ports/sandbox-api.port';
import { JoinInfo, WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { WorkbenchStore } from '../../../../src/application/workspace/workbench.store';

class CountingApi implements SandboxApiPort {
  starts = 0;
  missing = new Set<string>();
  async getSandbox(id: string) {
    if (this.missing.has(id)) throw new SandboxNotFoundError(id);
    return { id, title: `Sandbox ${id}` };
  }
  async startWorkspace(id: string): Promise<WorkspaceHost> {
    this.starts++;
    return { pitcherUrl: `ws://host/${id}`, pitcherToken: 't' };
  }
}

function store(api: CountingApi) {
  const connects: string[] = [];
  const connection = {
    onDidJoin: new Emitter<JoinInfo>().event,
    connect: (host: WorkspaceHost) => connects.push(host.pitcherUrl),
  } as unknown as WorkspaceConnectionPort;
  const never = {} as never;
  const editor = { expectInitialFile: () => undefined } as never;
  return { workbench: new WorkbenchStore(api, connection, never, never, editor, never, never), connects };
}

describe('WorkbenchStore.open', () => {
  it('opens a sandbox once however often it is asked (before React renders, then from the page)', async () => {
    const api = new CountingApi();
    const { workbench, connects } = store(api);
    const first = workbench.open('abc');
    const second = workbench.open('abc');
    expect(second).toBe(first);
    await first;
    await workbench.open('abc');
    expect(api.starts).toBe(1);
    expect(connects).toEqual(['ws://host/abc']);
    expect(workbench.state).toEqual({ kind: 'ready', sandbox: { id: 'abc', title: 'Sandbox abc' } });
  });

  it('tries again after a failure, and opens another sandbox when asked', async () => {
    const api = new CountingApi();
    api.missing.add('gone');
    const { workbench, connects } = store(api);
    await workbench.open('gone');
    expect(workbench.state).toMatchObject({ kind: 'error', code: 'SANDBOX_NOT_FOUND', title: 'Sandbox not found' });
    api.missing.delete('gone');
    await workbench.open('gone');
    expect(workbench.state.kind).toBe('ready');
    await workbench.open('other');
    expect(connects).toEqual(['ws://host/gone', 'ws://host/other']);
  });
});
