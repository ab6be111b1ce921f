import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ConnectionState } from '../../domain/connection/connection-state';
import { DisconnectedBanner, disconnectedBanner } from '../../domain/container/disconnected-banner';
import { CONTAINER_READY, ContainerEvent, ContainerState, containerEventOf, containerTransition, needsUnloadConfirmation } from '../../domain/container/container-state';
import {
  InitStatusReport,
  START_UP_PREPARING,
  StartUpEvent,
  StartUpProgress,
  startUpMessage,
  startUpNextPercentage,
  startUpPercentage,
  startUpTitle,
  startUpTransition,
} from '../../domain/container/start-up-progress';
import { hasFeature } from '../../domain/versions/features';
import { ContainerPort, ContainerSetup, SetupDevtoolRequest } from '../ports/container.port';
import { SystemPort } from '../ports/system.port';
import { WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { NotifyError } from '../tokens';

/**
 * The micro VM as the editor shell sees it (spec 001 §4 "Micro VM container state"): the container state fed by the
 * connection's states, the start-up progress (spec 002 §2 messages, system/initStatus, the §9 mapping onto the
 * progress bar), hibernation (system/hibernate) and the dev-container setup tool the workspace asks to open
 * (container/openSetupDevtool, servers ≥ 0.313.0, spec 001 §9).
 */
@injectable()
export class ContainerStore extends DisposableBase {
  state: ContainerState = CONTAINER_READY;
  startUp: StartUpProgress = START_UP_PREPARING;
  /** The workspace hibernated (system/hibernate); cleared by the next join. */
  hibernated = false;
  /** The setup tool the workspace asked to open, until closed. */
  setupDevtool: SetupDevtoolRequest | undefined = undefined;
  /** The user put away the start-up screen of a failed step (it shows again for the next one). */
  startUpFailureDismissed = false;

  constructor(
    @inject(WorkspaceConnectionPort) private readonly connection: WorkspaceConnectionPort,
    @inject(SystemPort) system: SystemPort,
    @inject(ContainerPort) private readonly container: ContainerPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    makeObservable<ContainerStore, 'apply' | 'advance' | 'connectionChanged' | 'initStatusChanged' | 'setHibernated' | 'openSetupDevtool'>(this, {
      startUpFailureDismissed: observable,
      showsStartUp: computed,
      banner: computed,
      dismissStartUpFailure: action,
      state: observable.ref,
      startUp: observable.ref,
      hibernated: observable,
      setupDevtool: observable.ref,
      progress: computed,
      nextProgress: computed,
      progressMessage: computed,
      startUpTitle: computed,
      isStarting: computed,
      needsUnloadConfirmation: computed,
      apply: action,
      advance: action,
      connectionChanged: action,
      initStatusChanged: action,
      setHibernated: action,
      openSetupDevtool: action,
      closeSetupDevtool: action,
    });
    this.register(connection.onDidChangeStatus((status) => this.connectionChanged(status)));
    this.register(system.onDidChangeInitStatus((status) => this.initStatusChanged(status)));
    this.register(system.onDidHibernate(() => this.setHibernated(true)));
    this.register(container.onDidRequestSetupDevtool((request) => this.openSetupDevtool(request)));
  }

  /** The progress bar value, 0..100. */
  get progress(): number {
    return startUpPercentage(this.startUp);
  }

  /** Where the step in progress will bring the bar. */
  get nextProgress(): number {
    return startUpNextPercentage(this.startUp);
  }

  /** The start-up message ('Preparing MicroVM...', 'MicroVM started, connecting...', then the workspace's own); undefined once started. */
  get progressMessage(): string | undefined {
    return startUpMessage(this.startUp);
  }

  /** 'Starting the workspace', or why the screen shows a failure (startUpTitle). */
  get startUpTitle(): string {
    return startUpTitle(this.startUp);
  }

  get isStarting(): boolean {
    return this.startUp.kind !== 'STARTED';
  }

  /** The start-up screen (progress, message, or the failed step) is over the workbench. */
  get showsStartUp(): boolean {
    return this.isStarting && !(this.startUp.kind === 'FAILED' && this.startUpFailureDismissed);
  }

  /** The banner while the connection is lost (reconnect progress and the Reconnect button); undefined while connected. */
  get banner(): DisconnectedBanner | undefined {
    return disconnectedBanner(this.state, this.hibernated);
  }

  dismissStartUpFailure(): void {
    this.startUpFailureDismissed = true;
  }

  /** The banner's Reconnect button; a refusal ('Already reconnecting') is told to the user. */
  reconnect(): void {
    const result = this.connection.reconnect();
    if (!result.ok) this.notifyError(result.error.message);
  }

  /** Leaving the page must be confirmed with DISCONNECTED_UNLOAD_WARNING. */
  get needsUnloadConfirmation(): boolean {
    return needsUnloadConfirmation(this.state);
  }

  closeSetupDevtool(): void {
    this.setupDevtool = undefined;
  }

  /** container/setup; a failure is told to the user and answered with false. */
  async setUpContainer(setup: ContainerSetup): Promise<boolean> {
    try {
      await this.container.setup(setup);
      return true;
    } catch (error) {
      this.notifyError((error as Error).message);
      return false;
    }
  }

  private connectionChanged(status: ConnectionState): void {
    if (status.kind === 'CONNECTING') this.advance({ type: 'vm-started' });
    if (status.kind === 'CONNECTED') {
      this.advance({ type: 'joined' });
      this.hibernated = false;
    }
    const event = containerEventOf(status);
    if (event) this.apply(event);
  }

  private initStatusChanged(status: InitStatusReport): void {
    this.advance({ type: 'init-status', status });
    if (status.isError) this.apply({ type: 'error', message: status.message });
  }

  private setHibernated(hibernated: boolean): void {
    this.hibernated = hibernated;
  }

  private openSetupDevtool(request: SetupDevtoolRequest): void {
    if (hasFeature(this.connection.serverVersion, 'setupEnvDevtool')) this.setupDevtool = request;
  }

  private advance(event: StartUpEvent): void {
    if (event.type === 'init-status') this.startUpFailureDismissed = false;
    this.startUp = startUpTransition(this.startUp, event);
  }

  private apply(event: ContainerEvent): void {
    this.state = containerTransition(this.state, event).state;
  }
}
