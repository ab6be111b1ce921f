import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';
import { PANELS } from '../../domain/workbench/layout';
import { useService } from '../di/container-context';
import { Sash } from '../widgets/sash';
import { PANEL_VIEWS } from './view-registry';

/** Terminal, tasks, ports and problems below the editor, as tabs. */
export const BottomPanel = observer(function BottomPanel() {
  const layout = useService(LayoutStore);
  const { panelVisible, panelHeight, activePanel } = layout.layout;
  if (!panelVisible) return null;
  const View = PANEL_VIEWS[activePanel];
  return (
    <>
      <Sash label="Resize panel" value={panelHeight} edge="bottom" onResize={(h) => layout.resize('panelHeight', h)} />
      <section className="bp-bottom-panel" style={{ height: panelHeight }} aria-label="Panel" data-testid="bottom-panel">
        <div className="bp-panel-tabs" role="tablist" aria-label="Panels">
          {PANELS.filter((p) => PANEL_VIEWS[p.id]).map((panel) => (
            <button
              key={panel.id}
              role="tab"
              aria-selected={panel.id === activePanel}
              className={`bp-panel-tab${panel.id === activePanel ? ' bp-panel-tab-active' : ''}`}
              data-panel={panel.id}
              onClick={() => layout.showPanel(panel.id)}
            >
              {panel.label}
            </button>
          ))}
          <span className="bp-spacer" />
          <button className="bp-icon-button" aria-label="Hide panel" title="Hide panel" onClick={() => layout.togglePanel()}>
            ×
          </button>
        </div>
        <div className="bp-panel-body" role="tabpanel">
          {View && (
            <Suspense fallback={<div className="bp-muted">Loading…</div>}>
              <View />
            </Suspense>
          )}
        </div>
      </section>
    </>
  );
});
