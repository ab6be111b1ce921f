import { CollaboratorAvatars } from './collaborator-avatars';
import { ConnectionIndicator } from './connection-indicator';

export function TopBar({ title }: { title: string }) {
  return (
    <header className="bp-topbar">
      <span className="bp-logo">Bullpen</span>
      <span className="bp-title" data-testid="sandbox-title">{title}</span>
      <span className="bp-spacer" />
      <CollaboratorAvatars />
      <ConnectionIndicator />
    </header>
  );
}
