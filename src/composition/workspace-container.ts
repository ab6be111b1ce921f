import { Container } from 'inversify';
import { WorkspaceScope } from '../application/workspace/workspace-scopes';
import { BootData, readBootData } from '../adapters/rest/boot-sandbox-api.adapter';
import { PitcherSocketFactory } from '../adapters/pitcher/pitcher-socket';
import { bindPitcherMode, bindWorkbenchStores, bindWorkspaceApi } from './browser-container';
import { disposeScope } from './scoped-bindings';
import { bindWorkbench, startWorkbench } from './workbench-bindings';
import { bindFamilyStores, startFamilies } from './workspace-families';

export interface WorkspaceScopeOptions {
  /** The workspace socket (tests: a fake); by default a reconnecting websocket. */
  readonly socketFactory?: PitcherSocketFactory;
  /** Binds the platform calls of the workspace (tests: fakes); by default the REST API, with the page's boot data. */
  readonly bindApi?: (c: Container) => void;
}

/** The page's boot data answers the first workspace's start only: its pitcher token is used once (ADR 0012). */
let bootData: BootData | undefined | null = null;
function takeBootData(): BootData | undefined {
  if (bootData === null) {
    bootData = readBootData();
    return bootData;
  }
  return undefined;
}

/**
 * One open workspace: a child of the root container with the pitcher connection, the workbench's and the
 * families' stores. Disposing it disposes every store made in it (newest first), closes the connection and unbinds.
 */
export function createWorkspaceScope(root: Container, sandboxId: string, options: WorkspaceScopeOptions = {}): WorkspaceScope {
  const c = root.createChild();
  if (options.bindApi) options.bindApi(c);
  else bindWorkspaceApi(c, takeBootData());
  bindPitcherMode(c, options.socketFactory);
  bindWorkbenchStores(c);
  bindFamilyStores(c);
  bindWorkbench(c);
  startFamilies(c);
  startWorkbench(c);
  let disposed = false;
  return {
    sandboxId,
    container: c,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      disposeScope(c);
    },
  };
}
