import { inject, injectable, optional } from 'inversify';
import { computed, makeObservable } from 'mobx';
import { documentTitle, windowLabel } from '../../domain/container/window-label';
import { WorkbenchStore } from '../workspace/workbench.store';
import { WorkspaceMode } from './workspace-mode';

/**
 * The window label of spec 002 §2 ('Sandbox' / 'Devbox', '(Web)' without a server) and the browser tab's title. A
 * devbox is a sandbox the API marks as cloud (isCloud, "v2"); the server is there in the pitcher mode.
 */
@injectable()
export class WindowLabelStore {
  constructor(
    @inject(WorkbenchStore) private readonly workbench: WorkbenchStore,
    @inject(WorkspaceMode) @optional() private readonly mode: WorkspaceMode = 'pitcher',
  ) {
    makeObservable(this, { title: computed, label: computed, documentTitle: computed });
  }

  /** The sandbox's title, or 'Loading' before it is known. */
  get title(): string {
    const state = this.workbench.state;
    return state.kind === 'ready' ? state.sandbox.title : 'Loading';
  }

  get label(): string {
    const state = this.workbench.state;
    const isDevbox = state.kind === 'ready' ? state.sandbox.isCloud === true : false;
    return windowLabel({ isDevbox, hasServer: this.mode === 'pitcher' });
  }

  get documentTitle(): string {
    return documentTitle(this.title, this.label);
  }
}
