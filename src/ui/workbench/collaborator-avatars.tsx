import { observer } from 'mobx-react-lite';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { useService } from '../di/container-context';

const initial = (name: string) => (name.trim()[0] ?? 'A').toUpperCase();

/** Everyone connected to the workspace, in their colour; you are marked. */
export const CollaboratorAvatars = observer(function CollaboratorAvatars() {
  const collaborators = useService(CollaboratorsStore);
  return (
    <ul className="bp-avatars" aria-label="Connected users" data-testid="collaborators">
      {collaborators.all.map((c) => {
        const self = c.clientId === collaborators.selfId;
        return (
          <li
            key={c.clientId}
            className="bp-avatar"
            style={{ backgroundColor: c.color }}
            title={self ? `${c.name} (you)` : c.name}
            data-client-id={c.clientId}
            data-name={c.name}
          >
            {initial(c.name || 'Anonymous')}
          </li>
        );
      })}
    </ul>
  );
});
