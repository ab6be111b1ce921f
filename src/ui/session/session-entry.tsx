import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { SessionStore } from '../../application/session/session.store';
import { SignInDialogStore } from '../../application/session/sign-in-dialog.store';
import { SIGN_IN_TEXTS } from '../../domain/session/sign-in-options';
import { useService } from '../di/container-context';
import { ROUTE_PATHS } from '../routes/route-paths';
import { Avatar } from '../widgets/avatar';
import { LoadingButton } from '../widgets/loading-button';
import { Menu } from '../widgets/menu';
import './session.css';

/** The top bar's session entry: 'Sign in' when signed out; the person's avatar with a menu (account settings, sign out) when signed in. */
export const SessionEntry = observer(function SessionEntry() {
  const session = useService(SessionStore);
  const dialog = useService(SignInDialogStore);
  const navigate = useNavigate();
  const user = session.user;
  if (session.state === 'AUTHENTICATING') return <span className="bp-session-entry" data-testid="session-entry" aria-busy="true" />;
  if (!user) {
    return (
      <span className="bp-session-entry" data-testid="session-entry">
        <LoadingButton variant="ghost-inverted" onClick={() => dialog.open()}>
          {SIGN_IN_TEXTS.signInEntry}
        </LoadingButton>
      </span>
    );
  }
  const name = user.name ?? user.username;
  return (
    <span className="bp-session-entry" data-testid="session-entry">
      <Menu
        label={`${name}: account menu`}
        trigger={<Avatar name={name} src={user.avatarUrl} size="s" shape="circle" />}
        heading={
          <>
            Signed in as <strong>{user.username}</strong>
          </>
        }
        items={[
          { id: 'account', label: SIGN_IN_TEXTS.accountSettings, run: () => void navigate(ROUTE_PATHS.account) },
          { id: 'sign-out', label: SIGN_IN_TEXTS.signOut, run: () => session.signOut() },
        ]}
      />
    </span>
  );
});
