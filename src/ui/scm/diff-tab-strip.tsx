import { observer } from 'mobx-react-lite';
import { DiffTab, DiffTabsStore } from '../../application/git/diff-tabs.store';
import { useService } from '../di/container-context';
import './scm-editor.css';

const DiffTabItem = observer(function DiffTabItem({ tab }: { tab: DiffTab }) {
  const diffs = useService(DiffTabsStore);
  const active = diffs.activePath === tab.path;
  const name = tab.path.split('/').pop();
  return (
    <div
      role="tab"
      aria-selected={active}
      tabIndex={0}
      className={`bp-tab${active ? ' bp-tab-active' : ''}`}
      title={`${tab.path} (HEAD ↔ Working Tree)`}
      data-diff-path={tab.path}
      onClick={() => diffs.activate(tab.path)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') diffs.activate(tab.path);
        else if (e.key === 'Delete') diffs.close(tab.path);
      }}
    >
      <span className="bp-diff-tab-label">{name} (diff)</span>
      {/* A mouse affordance, out of the accessibility tree (no control inside a tab): Delete on the tab closes it. */}
      <span
        className="bp-tab-close"
        aria-label={`Close diff of ${name}`}
        aria-hidden="true"
        title="Close"
        onClick={(e) => {
          e.stopPropagation();
          diffs.close(tab.path);
        }}
      >
        ×
      </span>
    </div>
  );
});

/** The diff tabs, after the file tabs in the editor's tab list. */
export const DiffTabStrip = observer(function DiffTabStrip() {
  const diffs = useService(DiffTabsStore);
  return (
    <>
      {diffs.tabs.map((tab) => (
        <DiffTabItem key={tab.path} tab={tab} />
      ))}
    </>
  );
});
