import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';
import { ACTIVITY_VIEWS } from '../../domain/workbench/activity-views';
import { useService } from '../di/container-context';
import { Sash } from '../widgets/sash';
import { SIDE_VIEWS } from './view-registry';

export const SideBar = observer(function SideBar() {
  const layout = useService(LayoutStore);
  const { sideBarVisible, activeView } = layout.layout;
  // As set, unless the editor would be too narrow beside it (LayoutStore.shownWidths).
  const sideBarWidth = layout.shownWidths.sideBarWidth;
  if (!sideBarVisible) return null;
  const view = ACTIVITY_VIEWS.find((v) => v.id === activeView)!;
  const View = SIDE_VIEWS[activeView];
  return (
    <>
      <aside className="bp-side-bar" style={{ width: sideBarWidth }} aria-label={view.label} data-testid="side-bar" data-view={view.id}>
        <Suspense fallback={<div className="bp-muted">Loading {view.label}…</div>}>
          <View />
        </Suspense>
      </aside>
      <Sash label="Resize side bar" value={sideBarWidth} edge="left" onResize={(w) => layout.resize('sideBarWidth', w)} />
    </>
  );
});
