import { ComponentType, lazy, LazyExoticComponent } from 'react';
import { ActivityViewId } from '../../domain/workbench/activity-views';
import { PanelId } from '../../domain/workbench/layout';

type View = LazyExoticComponent<ComponentType>;

/**
 * The component of each side view and bottom panel, loaded on demand so the first paint needs only the shell. Every
 * view of the activity bar has one (domain/workbench/activity-views.ts lists only the views Bullpen has).
 */
export const SIDE_VIEWS: Record<ActivityViewId, View> = {
  explorer: lazy(() => import('../explorer/file-explorer').then((m) => ({ default: m.FileExplorer }))),
  search: lazy(() => import('../search/search-view').then((m) => ({ default: m.SearchView }))),
  scm: lazy(() => import('../scm/scm-view').then((m) => ({ default: m.ScmView }))),
  bullpen: lazy(() => import('../tasks/tasks-view').then((m) => ({ default: m.BullpenView }))),
};

export const PANEL_VIEWS: Partial<Record<PanelId, View>> = {
  terminal: lazy(() => import('../terminal/terminal-panel').then((m) => ({ default: m.TerminalPanel }))),
  tasks: lazy(() => import('../tasks/tasks-view').then((m) => ({ default: m.TasksPanel }))),
  ports: lazy(() => import('../ports/ports-panel').then((m) => ({ default: m.PortsPanel }))),
  problems: lazy(() => import('../language/problems-panel').then((m) => ({ default: m.ProblemsPanel }))),
};
