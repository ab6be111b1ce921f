import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SessionStore } from '../../application/session/session.store';
import { SIGN_IN_TEXTS } from '../../domain/session/sign-in-options';
import { useService } from '../di/container-context';
import { PageLoading } from '../widgets/page-loading';
import { SignInContent } from './sign-in-content';
import './session.css';

/** Only a path on this site (`/…`, not `//host`) may be where the page goes after signing in: no open redirect. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The sign-in page (/signin[?returnTo=/path]): the modal's content on a page of its own. */
export const SignInPage = observer(function SignInPage() {
  const session = useService(SessionStore);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
    document.title = SIGN_IN_TEXTS.title;
    void session.loadFeatures();
  }, [session]);
  if (session.state === 'AUTHENTICATING') return <PageLoading />;
  const user = session.user;
  return (
    <main className="bp-signin-page">
      <div className="bp-signin-card">
        <h1>{SIGN_IN_TEXTS.title}</h1>
        {user ? (
          <p>
            You are signed in as <strong>{user.username}</strong>. <a href={returnTo}>Continue</a>
          </p>
        ) : (
          <SignInContent />
        )}
      </div>
    </main>
  );
});
