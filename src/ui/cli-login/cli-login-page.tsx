import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { CliTokenPageStore } from '../../application/session/cli-token-page.store';
import { SessionStore } from '../../application/session/session.store';
import { CLI_LOGIN_WAITING } from '../../domain/session/cli-login';
import { SIGN_IN_TEXTS } from '../../domain/session/sign-in-options';
import { useService } from '../di/container-context';
import { SignInContent } from '../session/sign-in-content';
import { Banner } from '../widgets/banner';
import { LoadingButton } from '../widgets/loading-button';
import '../session/session.css';
import './cli-login.css';

export const CLI_LOGIN_TEXTS = {
  title: 'Command-line login',
  intro: 'Paste this token into the command line to sign it in as you. It works once, for 10 minutes.',
  copy: 'Copy token',
  copied: 'Copied',
  signInFirst: 'Sign in to get a token for the command line.',
} as const;

function TokenToCopy({ token }: { token: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the token stays selectable in its field.
    }
  };
  return (
    <div className="bp-cli-token">
      <input className="bp-input bp-cli-token-value" readOnly value={token} aria-label="Token" onFocus={(event) => event.currentTarget.select()} />
      <LoadingButton variant="primary" onClick={() => void copy()}>
        {copied ? CLI_LOGIN_TEXTS.copied : CLI_LOGIN_TEXTS.copy}
      </LoadingButton>
      <span className="bp-visually-hidden" role="status">
        {copied ? CLI_LOGIN_TEXTS.copied : ''}
      </span>
    </div>
  );
}

/** The command-line login page (/cli/login, spec 000 §2): 'Waiting for token...', then the token to copy. */
export const CliLoginPage = observer(function CliLoginPage() {
  const page = useService(CliTokenPageStore);
  const session = useService(SessionStore);
  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
    document.title = CLI_LOGIN_TEXTS.title;
    const visit = page.open();
    return () => visit.dispose();
  }, [page]);
  useEffect(() => {
    if (page.state.kind === 'signed-out') void session.loadFeatures();
  }, [page.state.kind, session]);
  const state = page.state;
  return (
    <main className="bp-signin-page">
      <div className="bp-signin-card bp-cli-card">
        <h1>{CLI_LOGIN_TEXTS.title}</h1>
        {state.kind === 'waiting' && (
          <p className="bp-signin-loading" role="status">
            <span className="bp-spinner" aria-hidden /> {CLI_LOGIN_WAITING}
          </p>
        )}
        {state.kind === 'ready' && (
          <>
            <p className="bp-signin-intro">{CLI_LOGIN_TEXTS.intro}</p>
            <TokenToCopy token={state.token} />
          </>
        )}
        {state.kind === 'failed' && <Banner variant="error">The token could not be made: {state.message}</Banner>}
        {state.kind === 'signed-out' && (
          <>
            <p className="bp-signin-intro">{CLI_LOGIN_TEXTS.signInFirst}</p>
            <h2 className="bp-visually-hidden">{SIGN_IN_TEXTS.title}</h2>
            <SignInContent />
          </>
        )}
      </div>
    </main>
  );
});
