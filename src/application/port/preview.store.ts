import { inject, injectable, optional } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { NO_RELOAD, ReloadSchedule, afterEdit, isReloadDue, pageUpdatesItself, reloadWait } from '../../domain/preview/edit-delayed';
import { PREVIEW_TOKEN_REFRESH_MS, defaultPreviewPort, previewAddress, previewOrigin, previewPath } from '../../domain/preview/preview-address';
import { EditorStore } from '../editor/editor.store';
import { OpenPort } from '../ports/ports.port';
import { PreviewSocketsPort } from '../ports/preview-sockets.port';
import { PreviewTokenPort } from '../ports/preview-token.port';
import { OpenBranchId } from '../tokens';
import { TasksStore } from '../tasks/tasks.store';
import { LayoutStore } from '../workbench/layout.store';
import { PortsStore } from './ports.store';

/** The clock the preview's reload timing reads (tests use fake timers, which fake Date.now too). */
export const PreviewClock = Symbol('PreviewClock');
export type PreviewClock = () => number;

/** The token's state: private previews need one in the address the first time the frame loads them. */
type TokenState = { kind: 'none' } | { kind: 'loading' } | { kind: 'ready'; token: string; fetchedAt: number } | { kind: 'failed' };

/**
 * The preview pane beside the editor: one open port in a frame, with an address (a path below the port's preview
 * origin) and reloads. A document change reloads it 500 ms after the last change while it is shown (edit-delayed,
 * src/domain/preview/edit-delayed.ts), unless the page keeps a websocket open through the preview (a dev server's hot
 * reload updates it in place). Private previews get a preview token in the address, fetched again after 60 minutes.
 */
@injectable()
export class PreviewStore {
  /** The port the user picked; the preview falls back to a task's preview port or the first open port. */
  pickedPort: number | undefined = undefined;
  path = '/';
  /** Bumped by every reload: the frame is loaded again for each value. */
  generation = 0;
  token: TokenState = { kind: 'none' };
  private schedule: ReloadSchedule = NO_RELOAD;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @inject(PortsStore) private readonly ports: PortsStore,
    @inject(LayoutStore) private readonly layout: LayoutStore,
    @inject(EditorStore) @optional() editor?: EditorStore,
    @inject(TasksStore) @optional() private readonly tasks?: TasksStore,
    @inject(PreviewTokenPort) @optional() private readonly tokens?: PreviewTokenPort,
    @inject(PreviewClock) @optional() private readonly now: PreviewClock = () => Date.now(),
    @inject(PreviewSocketsPort) @optional() private readonly sockets?: PreviewSocketsPort,
    @inject(OpenBranchId) @optional() private readonly sandboxId?: OpenBranchId,
  ) {
    makeObservable<PreviewStore, 'setToken'>(this, {
      pickedPort: observable,
      path: observable,
      generation: observable,
      token: observable.ref,
      target: computed,
      src: computed,
      origin: computed,
      open: action,
      navigate: action,
      reload: action,
      setToken: action,
    });
    if (editor) reaction(() => documentChanges(editor), (now, before) => changedSince(before, now) && this.edited());
  }

  /** The port shown, with its preview URL; undefined when no port is open. */
  get target(): OpenPort | undefined {
    const open = this.ports.list;
    const picked = open.find((p) => p.port === this.pickedPort);
    if (picked) return picked;
    const taskPorts = (this.tasks?.all ?? []).map((t) => t.preview?.port).filter((p): p is number => p !== undefined);
    const port = defaultPreviewPort(open.map((p) => p.port), taskPorts);
    return open.find((p) => p.port === port);
  }

  /** The origin the address bar shows before the path. */
  get origin(): string | undefined {
    return this.target ? previewOrigin(this.target.url) : undefined;
  }

  /** What the frame loads; undefined while there is no port, or while the token is being fetched. */
  get src(): string | undefined {
    const target = this.target;
    if (!target || this.token.kind === 'loading' || (this.tokens && this.token.kind === 'none')) return undefined;
    return previewAddress(target.url, this.path, this.token.kind === 'ready' ? this.token.token : undefined);
  }

  /** A port's address for a new browser tab (with the token when there is one). */
  externalUrl(port: OpenPort): string {
    return previewAddress(port.url, '/', this.token.kind === 'ready' ? this.token.token : undefined);
  }

  /** Shows a port in the preview pane, at its root. */
  open(port: number): void {
    this.pickedPort = port;
    this.path = '/';
    this.generation += 1;
    if (!this.layout.layout.previewVisible) this.layout.togglePreview();
    void this.ensureToken();
  }

  /** The address bar's Enter: loads that path (or address of the same origin). */
  navigate(input: string): void {
    this.path = previewPath(input, this.origin ?? '');
    this.generation += 1;
    void this.ensureToken();
  }

  reload(): void {
    this.clearSchedule();
    this.generation += 1;
    void this.ensureToken();
  }

  /** Fetches a token when there is none, or when it is 60 minutes old; a failure leaves previews without one. */
  async ensureToken(): Promise<void> {
    if (!this.tokens || this.token.kind === 'loading') return;
    if (this.token.kind === 'ready' && this.now() - this.token.fetchedAt < PREVIEW_TOKEN_REFRESH_MS) return;
    const keep = this.token.kind === 'ready' ? this.token : undefined;
    if (!keep) this.setToken({ kind: 'loading' });
    try {
      const token = await this.tokens.fetchToken();
      this.setToken({ kind: 'ready', token, fetchedAt: this.now() });
    } catch {
      // A server without access control answers too; without a token a public preview still loads.
      this.setToken(keep ?? { kind: 'failed' });
    }
  }

  dispose(): void {
    this.clearSchedule();
  }

  /** A document changed: the preview reloads 500 ms after the last change, when it is shown. */
  private edited(): void {
    if (!this.layout.layout.previewVisible || !this.target) return;
    this.schedule = afterEdit(this.schedule, this.now());
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    const wait = reloadWait(this.schedule, this.now());
    if (wait === undefined) return;
    this.timer = setTimeout(() => {
      if (isReloadDue(this.schedule, this.now())) void this.reloadAfterEdit();
      else this.arm();
    }, wait);
  }

  /** The edit-delayed reload, left out while the page updates itself (hot reload); asked at the time it is due. */
  private async reloadAfterEdit(): Promise<void> {
    const port = this.target?.port;
    const sandboxId = this.sandboxId?.();
    this.clearSchedule();
    if (port !== undefined && sandboxId !== undefined && this.sockets) {
      // A server that cannot tell (an older one, a network error) gets the reload.
      const open = await this.sockets.openSockets(sandboxId, port).catch(() => 0);
      if (pageUpdatesItself(open)) return;
      // Another edit came meanwhile: its own reload follows.
      if (this.schedule !== NO_RELOAD) return;
    }
    runInAction(() => this.reload());
  }

  private clearSchedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule = NO_RELOAD;
  }

  private setToken(token: TokenState): void {
    this.token = token;
  }
}

/** Each open document's text version and saved hash (MobX observes them). */
function documentChanges(editor: EditorStore): ReadonlyMap<string, string> {
  const changes = new Map<string, string>();
  for (const tab of editor.tabs) {
    const session = editor.session(tab.fileId);
    if (session) changes.set(tab.fileId, `${session.version}:${session.savedHash}`);
  }
  return changes;
}

/** A document that was open before and now has another version or saved hash (opening or closing one is no edit). */
function changedSince(before: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): boolean {
  for (const [fileId, state] of now) {
    const previous = before.get(fileId);
    if (previous !== undefined && previous !== state) return true;
  }
  return false;
}
