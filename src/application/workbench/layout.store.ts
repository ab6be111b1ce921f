import { inject, injectable } from 'inversify';
import { action, comparer, computed, makeObservable, observable } from 'mobx';
import { ActivityViewId } from '../../domain/workbench/activity-views';
import { DEFAULT_LAYOUT, PanelId, SizeKey, WorkbenchLayout, clampSize, parseLayoutQuery, restoreLayout } from '../../domain/workbench/layout';
import { fitSideParts } from '../../domain/workbench/layout-fit';
import { PreferencesPort } from '../ports/preferences.port';

export const LAYOUT_PREFERENCE_KEY = 'bullpen.layout';

/**
 * The workbench's arrangement: which side view and bottom panel show and how large they are. Saved per user on every
 * change; the query parameters of a visit (file, layout, sidebar, showConsole) override it for that visit only.
 */
@injectable()
export class LayoutStore {
  layout: WorkbenchLayout = DEFAULT_LAYOUT;
  /** The file the visit's `?file=` asks to open first. */
  requestedFile: string | undefined;
  /** The width the side bar, the editor and the preview share, as the view measures it (0 until then). */
  room = 0;
  private saved: WorkbenchLayout = DEFAULT_LAYOUT;

  constructor(@inject(PreferencesPort) private readonly preferences: PreferencesPort) {
    this.saved = restoreLayout(preferences.read(LAYOUT_PREFERENCE_KEY));
    this.layout = this.saved;
    makeObservable(this, {
      layout: observable.ref,
      requestedFile: observable,
      room: observable,
      shownWidths: computed({ equals: comparer.structural }),
      setRoom: action,
      applyQuery: action,
      showView: action,
      toggleView: action,
      toggleSideBar: action,
      showPanel: action,
      togglePanel: action,
      togglePreview: action,
      resize: action,
    });
  }

  /**
   * The side bar's and the preview's widths as shown: as set, unless the editor would be too narrow beside them
   * (domain/workbench/layout-fit.ts); the widths set are kept, so they come back in a wider window.
   */
  get shownWidths(): { sideBarWidth: number; previewWidth: number } {
    const { sideBarVisible, sideBarWidth, previewVisible, previewWidth } = this.layout;
    const fitted = fitSideParts({ room: this.room, sideBar: sideBarVisible ? sideBarWidth : undefined, preview: previewVisible ? previewWidth : undefined });
    return { sideBarWidth: fitted.sideBar ?? sideBarWidth, previewWidth: fitted.preview ?? previewWidth };
  }

  setRoom(width: number): void {
    this.room = Math.max(0, Math.round(width));
  }

  /** Applies a visit's query string (`location.search`) on top of the saved layout, without saving the overrides. */
  applyQuery(search: string): void {
    const query = parseLayoutQuery(new URLSearchParams(search));
    this.requestedFile = query.file;
    this.layout = { ...this.saved, ...query.overrides };
  }

  showView(view: ActivityViewId): void {
    this.update({ activeView: view, sideBarVisible: true });
  }

  /** The activity bar's click: the active view's icon hides the side bar, another icon shows that view. */
  toggleView(view: ActivityViewId): void {
    if (this.layout.sideBarVisible && this.layout.activeView === view) this.update({ sideBarVisible: false });
    else this.showView(view);
  }

  toggleSideBar(): void {
    this.update({ sideBarVisible: !this.layout.sideBarVisible });
  }

  showPanel(panel: PanelId): void {
    this.update({ activePanel: panel, panelVisible: true });
  }

  togglePanel(): void {
    this.update({ panelVisible: !this.layout.panelVisible });
  }

  togglePreview(): void {
    this.update({ previewVisible: !this.layout.previewVisible });
  }

  resize(key: SizeKey, value: number): void {
    this.update({ [key]: clampSize(key, value) });
  }

  private update(change: Partial<WorkbenchLayout>): void {
    this.layout = { ...this.layout, ...change };
    this.saved = { ...this.saved, ...change };
    this.preferences.write(LAYOUT_PREFERENCE_KEY, this.saved);
  }
}
