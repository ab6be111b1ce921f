import { observer } from 'mobx-react-lite';
import { FollowStore } from '../../application/presence/follow.store';
import { useService } from '../di/container-context';
import './presence.css';

/** Spec 002 §4: "The followed user is shown with a coloured frame around the page." */
export const FollowFrame = observer(function FollowFrame() {
  const follow = useService(FollowStore);
  const followed = follow.followed;
  if (!followed) return null;
  return (
    <div className="bp-follow-frame" style={{ borderColor: followed.color }} data-testid="follow-frame" data-client-id={followed.clientId}>
      <div className="bp-follow-label" style={{ backgroundColor: followed.color }} role="status">
        <span>Following {followed.name}</span>
        <button type="button" onClick={() => follow.stopFollowing()}>
          Stop following
        </button>
      </div>
    </div>
  );
});
