import { ReactNode, Suspense, lazy } from 'react';
import { PageLoading } from '../widgets/page-loading';
import { NotFoundPage } from './not-found-page';
import { ROUTE_PATHS } from './route-paths';
import { WorkspaceRoute } from './workspace-route';

const CliLoginPage = lazy(() => import(/* webpackChunkName: "cli-login" */ '../cli-login/cli-login-page').then((m) => ({ default: m.CliLoginPage })));
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../account/account-page').then((m) => ({ default: m.AccountPage })));
const SignInPage = lazy(() => import(/* webpackChunkName: "sign-in" */ '../session/sign-in-page').then((m) => ({ default: m.SignInPage })));

const onDemand = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

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
  { path: ROUTE_PATHS.cliLogin, element: onDemand(<CliLoginPage />) },
  { path: ROUTE_PATHS.account, element: onDemand(<AccountPage />) },
  { path: ROUTE_PATHS.signIn, element: onDemand(<SignInPage />) },
  { path: '*', element: <NotFoundPage /> },
];
