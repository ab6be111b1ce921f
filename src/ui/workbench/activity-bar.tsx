import { observer } from 'mobx-react-lite';
import { KeyboardEvent } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';
import { ACTIVITY_VIEWS } from '../../domain/workbench/activity-views';
import { useService } from '../di/container-context';
import { ActivityIcon } from './activity-icon';

/** The activity bar: the views Bullpen has, in the spec's order (spec 002 §2); arrow keys move between entries. */
export const ActivityBar = observer(function ActivityBar() {
  const layout = useService(LayoutStore);
  const { activeView, sideBarVisible } = layout.layout;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(index + (e.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length]?.focus();
    e.preventDefault();
  };
  return (
    <nav className="bp-activity-bar" aria-label="Activity bar">
      <div className="bp-activity-tabs" role="tablist" aria-label="Views" aria-orientation="vertical" onKeyDown={onKeyDown}>
      {ACTIVITY_VIEWS.map((view) => {
        const selected = sideBarVisible && activeView === view.id;
        const label = view.id === 'bullpen' ? 'Bullpen: tasks and setup' : view.label;
        return (
          <button
            key={view.id}
            role="tab"
            aria-selected={selected}
            aria-label={label}
            title={label}
            tabIndex={selected || (!sideBarVisible && view.id === 'explorer') ? 0 : -1}
            className={`bp-activity${selected ? ' bp-activity-selected' : ''}`}
            data-view={view.id}
            onClick={() => layout.toggleView(view.id)}
          >
            <ActivityIcon view={view.id} />
          </button>
        );
      })}
      </div>
    </nav>
  );
});
