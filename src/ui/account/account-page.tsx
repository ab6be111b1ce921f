import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SessionStore } from '../../application/session/session.store';
import { SIGN_IN_TEXTS } from '../../domain/session/sign-in-options';
import { useService } from '../di/container-context';
import { SessionEntry } from '../session/session-entry';
import { SignInContent } from '../session/sign-in-content';
import { PageLoading } from '../widgets/page-loading';
import { AppearanceSection } from './appearance-section';
import { DeleteAccountSection } from './delete-account-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TokensSection } from './tokens-section';
import '../session/session.css';
import './account.css';

export const ACCOUNT_TITLE = 'Account settings';

/** The account settings page (/account): profile, sessions, API tokens, notifications, password, appearance, deletion. */
export const AccountPage = observer(function AccountPage() {
  const session = useService(SessionStore);
  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
    document.title = ACCOUNT_TITLE;
  }, []);
  useEffect(() => {
    if (session.state === 'UNAUTHENTICATED') void session.loadFeatures();
  }, [session, session.state]);
  if (session.state === 'AUTHENTICATING') return <PageLoading />;
  if (!session.user) {
    return (
      <main className="bp-signin-page">
        <div className="bp-signin-card">
          <h1>{SIGN_IN_TEXTS.title}</h1>
          <p className="bp-signin-intro">Sign in to see your account settings.</p>
          <SignInContent />
        </div>
      </main>
    );
  }
  return (
    <main className="bp-account">
      <div className="bp-account-inner">
        <header className="bp-account-header">
          <a className="bp-logo" href="/">
            Bullpen
          </a>
          <h1>{ACCOUNT_TITLE}</h1>
          <span className="bp-spacer" />
          <SessionEntry />
        </header>
        <ProfileSection />
        <SessionsSection />
        <TokensSection />
        <NotificationsSection />
        <PasswordSection />
        <AppearanceSection />
        <DeleteAccountSection />
      </div>
    </main>
  );
});
