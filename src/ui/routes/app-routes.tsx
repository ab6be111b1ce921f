import { ReactNode } from 'react';
import { NotFoundPage } from './not-found-page';
import { ROUTE_PATHS } from './route-paths';
import { WorkspaceRoute } from './workspace-route';

export interface AppRoute {
  readonly path: string;
  readonly element: ReactNode;
}

/**
 * The route table (spec 000 §2): one row per client route, the not-found page last. Pages off the editor's path load
 * on demand (their own chunks), so the editor route's first load carries none of them.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: ROUTE_PATHS.sandbox, element: <WorkspaceRoute /> },
  { path: ROUTE_PATHS.devbox, element: <WorkspaceRoute /> },
  { path: '*', element: <NotFoundPage /> },
];
