import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { ActivityViewId } from '../../domain/workbench/activity-views';
import { DEFAULT_LAYOUT, PanelId, SizeKey, WorkbenchLayout, clampSize, parseLayoutQuery, restoreLayout } from '../../domain/workbench/layout';
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
  private saved: WorkbenchLayout = DEFAULT_LAYOUT;

  constructor(@inject(PreferencesPort) private readonly preferences: PreferencesPort) {
    this.saved = restoreLayout(preferences.read(LAYOUT_PREFERENCE_KEY));
    this.layout = this.saved;
    makeObservable(this, {
      layout: observable.ref,
      requestedFile: observable,
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
