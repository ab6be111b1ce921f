import { observer } from 'mobx-react-lite';
import { KeyboardEvent, Suspense, useRef, useState } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';
import { PANELS, PanelId } from '../../domain/workbench/layout';
import { rovingTarget } from '../../domain/workbench/roving-focus';
import { useService } from '../di/container-context';
import { Sash } from '../widgets/sash';
import { useAfterFirstFile } from './first-file-shown';
import { PANEL_VIEWS } from './view-registry';

export const panelTabId = (panel: PanelId) => `bp-panel-tab-${panel}`;
export const PANEL_BODY_ID = 'bp-panel-body';
const loading = <div className="bp-muted">Loading…</div>;

/**
 * Terminal, tasks, ports and problems below the editor, as tabs (WAI-ARIA tabs pattern): the selected tab is the one
 * in the Tab order; Left / Right (wrapping), Home and End move to another tab and show its panel. On the first load
 * the panel's view waits for the first file to show (first-file-shown.ts), unless a tab is chosen before.
 */
export const BottomPanel = observer(function BottomPanel() {
  const layout = useService(LayoutStore);
  const tabs = useRef<HTMLDivElement>(null);
  const afterFirstFile = useAfterFirstFile();
  const [chosen, setChosen] = useState(false);
  const { panelVisible, panelHeight, activePanel } = layout.layout;
  if (!panelVisible) return null;
  const showPanel = (panel: PanelId) => {
    setChosen(true);
    layout.showPanel(panel);
  };
  const View = PANEL_VIEWS[activePanel];
  const panels = PANELS.filter((p) => PANEL_VIEWS[p.id]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = rovingTarget(e.key, index, panels.length);
    if (target === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const panel = panels[target].id;
    showPanel(panel);
    tabs.current?.querySelector<HTMLElement>(`#${panelTabId(panel)}`)?.focus();
  };
  return (
    <>
      <Sash label="Resize panel" value={panelHeight} edge="bottom" onResize={(h) => layout.resize('panelHeight', h)} />
      <section className="bp-bottom-panel" style={{ height: panelHeight }} aria-label="Panel" data-testid="bottom-panel">
        <div className="bp-panel-tabs">
          <div className="bp-panel-tablist" role="tablist" aria-label="Panels" aria-orientation="horizontal" ref={tabs}>
          {panels.map((panel, index) => {
            const selected = panel.id === activePanel;
            return (
              <button
                key={panel.id}
                id={panelTabId(panel.id)}
                role="tab"
                aria-selected={selected}
                aria-controls={PANEL_BODY_ID}
                tabIndex={selected ? 0 : -1}
                className={`bp-panel-tab${selected ? ' bp-panel-tab-active' : ''}`}
                data-panel={panel.id}
                onClick={() => showPanel(panel.id)}
                onKeyDown={(e) => onKeyDown(e, index)}
              >
                {panel.label}
              </button>
            );
          })}
          </div>
          <span className="bp-spacer" />
          <button className="bp-icon-button" aria-label="Hide panel" title="Hide panel" onClick={() => layout.togglePanel()}>
            ×
          </button>
        </div>
        <div className="bp-panel-body" role="tabpanel" id={PANEL_BODY_ID} aria-labelledby={panelTabId(activePanel)} data-panel={activePanel}>
          {View && (
            <Suspense fallback={loading}>
              {afterFirstFile || chosen ? <View /> : loading}
            </Suspense>
          )}
        </div>
      </section>
    </>
  );
});
