import { observer } from 'mobx-react-lite';
import { FollowStore } from '../../application/presence/follow.store';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { Collaborator } from '../../application/ports/workspace-connection.port';
import { avatarName } from '../../domain/presence/avatar';
import { useService } from '../di/container-context';
import { Avatar } from '../presence/avatar';

/** The tooltip: the name, and how this client relates to them. */
function tooltip(name: string, relation: { self: boolean; following: boolean; follower: boolean }): string {
  if (relation.self) return `${name} (you)`;
  const parts = [name];
  if (relation.following) parts.push('following: click to stop');
  else parts.push('click to follow');
  if (relation.follower) parts.push('follows you');
  return parts.join(' · ');
}

const CollaboratorAvatar = observer(function CollaboratorAvatar({ collaborator, self }: { collaborator: Collaborator; self: boolean }) {
  const follow = useService(FollowStore);
  const name = avatarName(collaborator.name);
  const following = !self && follow.isFollowing(collaborator.clientId);
  const follower = !self && follow.isFollowedBy(collaborator.clientId);
  const face = (
    <span className={follower ? 'bp-avatar-wrap bp-avatar-follower' : 'bp-avatar-wrap'}>
      <Avatar name={collaborator.name} imageUrl={collaborator.avatarUrl} color={collaborator.color} />
    </span>
  );
  return (
    <li
      className="bp-avatar-item"
      title={tooltip(name, { self, following, follower })}
      data-client-id={collaborator.clientId}
      data-name={collaborator.name}
      data-following={following}
      data-follower={follower}
    >
      {self ? (
        <span className="bp-avatar-self">{face}</span>
      ) : (
        <button
          type="button"
          className="bp-avatar-button"
          aria-pressed={following}
          aria-label={following ? `Stop following ${name}` : `Follow ${name}`}
          onClick={() => follow.toggleFollow(collaborator.clientId)}
        >
          {face}
        </button>
      )}
    </li>
  );
});

/** Everyone connected to the workspace, in their colour; you are marked; click someone else to follow them. */
export const CollaboratorAvatars = observer(function CollaboratorAvatars() {
  const collaborators = useService(CollaboratorsStore);
  return (
    <ul className="bp-avatars" aria-label="Connected users" data-testid="collaborators">
      {collaborators.all.map((c) => (
        <CollaboratorAvatar key={c.clientId} collaborator={c} self={c.clientId === collaborators.selfId} />
      ))}
    </ul>
  );
});
