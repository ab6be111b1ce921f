import { Route, Routes } from 'react-router';
import { ThemeApplier } from './settings/theme-applier';
import { Toasts } from './widgets/toasts';
import { APP_ROUTES } from './routes/app-routes';

/** The page: the route table's page for the address, and what every page shares (theme, toasts). */
export function App() {
  return (
    <>
      <ThemeApplier />
      <Routes>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Routes>
      <Toasts />
    </>
  );
}
