import { Route, Routes } from 'react-router';
import { ChooseUsernameDialog } from './session/choose-username-dialog';
import { SignInDialog } from './session/sign-in-dialog';
import { ThemeApplier } from './settings/theme-applier';
import { Toasts } from './widgets/toasts';
import { APP_ROUTES } from './routes/app-routes';

/** The page: the route table's page for the address, and what every page shares (theme, sign-in dialogs, toasts). */
export function App() {
  return (
    <>
      <ThemeApplier />
      <Routes>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Routes>
      <SignInDialog />
      <ChooseUsernameDialog />
      <Toasts />
    </>
  );
}
