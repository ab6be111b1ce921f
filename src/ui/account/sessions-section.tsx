import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SessionsListStore } from '../../application/account/sessions-list.store';
import { describeLastUse } from '../../domain/account/api-token-expiry';
import { useService } from '../di/container-context';
import { LoadingButton } from '../widgets/loading-button';
import { SectionState } from './section-state';

/** Where the person is signed in; each session but this one can be revoked. */
export const SessionsSection = observer(function SessionsSection() {
  const list = useService(SessionsListStore);
  useEffect(() => void list.load(), [list]);
  const now = Date.now();
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-sessions">
      <h2 id="bp-account-sessions">Sessions</h2>
      <p>The browsers signed in as you. Revoking one signs it out at once.</p>
      <SectionState value={list.sessions} retry={() => void list.load()}>
        {(sessions) => (
          <ul className="bp-account-list" aria-label="Sessions">
            {sessions.map((session) => (
              <li key={session.id} className="bp-account-row">
                <div className="bp-account-row-main">
                  <span>
                    {session.userAgent ?? 'Unknown browser'}
                    {session.current && <span className="bp-account-badge">This browser</span>}
                  </span>
                  <span className="bp-account-meta">
                    {session.ip ?? 'Unknown address'} · last active {describeLastUse(session.lastSeenAt, now).toLowerCase()}
                  </span>
                </div>
                {!session.current && (
                  <LoadingButton
                    variant="ghost-inverted"
                    loading={list.revoking.has(session.id)}
                    onClick={() => void list.revoke(session.id)}
                    aria-label={`Revoke the session of ${session.userAgent ?? 'an unknown browser'}`}
                  >
                    Revoke
                  </LoadingButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
});
