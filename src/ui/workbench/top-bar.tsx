import { observer } from 'mobx-react-lite';
import { WindowLabelStore } from '../../application/container/window-label.store';
import { useService } from '../di/container-context';
import { SessionEntry } from '../session/session-entry';
import { CollaboratorAvatars } from './collaborator-avatars';
import './top-bar.css';

/**
 * The product, the sandbox's title with the window label ('Sandbox' / 'Devbox', '(Web)' without a server), the
 * collaborators, and the session: 'Sign in', or the person's avatar with its menu.
 */
export const TopBar = observer(function TopBar() {
  const labels = useService(WindowLabelStore);
  return (
    <header className="bp-topbar">
      <span className="bp-logo">Bullpen</span>
      <h1 className="bp-title" data-testid="sandbox-title">
        {labels.title}
      </h1>
      <span className="bp-window-label" data-testid="window-label">
        {labels.label}
      </span>
      <span className="bp-spacer" />
      <CollaboratorAvatars />
      <SessionEntry />
    </header>
  );
});
