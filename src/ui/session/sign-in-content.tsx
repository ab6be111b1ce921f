import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { SessionStore } from '../../application/session/session.store';
import { SignInDialogStore } from '../../application/session/sign-in-dialog.store';
import { sessionErrorText } from '../../domain/session/session.errors';
import { PROVIDER_LABELS, SIGN_IN_TEXTS, hasOtherMethod, signInOptions } from '../../domain/session/sign-in-options';
import { PASSWORD_TEXTS } from '../../domain/session/password-texts';
import type { PopupProvider } from '../../domain/session/sign-in-popup';
import { useService } from '../di/container-context';
import { Banner } from '../widgets/banner';
import { LoadingButton } from '../widgets/loading-button';
import { PasswordSignInForm, PasswordSignUpForm } from './password-form';
import { SsoForm } from './sso-form';
import './session.css';

function Footer() {
  return (
    <p className="bp-signin-footer">
      {SIGN_IN_TEXTS.footerBefore}
      <strong>{SIGN_IN_TEXTS.terms}</strong>
      {SIGN_IN_TEXTS.footerBetween}
      <strong>{SIGN_IN_TEXTS.privacy}</strong>
      {SIGN_IN_TEXTS.footerAfter}
    </p>
  );
}

/**
 * The body of the sign-in modal and page (spec 000 §2): the intro, a button per enabled provider, 'Sign in with SSO',
 * Bullpen's password form where it is on, the footer; the SSO form alone when only SSO is on.
 */
export const SignInContent = observer(function SignInContent() {
  const session = useService(SessionStore);
  const dialog = useService(SignInDialogStore);
  const [chosen, setChosen] = useState<PopupProvider | undefined>(undefined);
  const features = session.features;
  const machine = session.machine;
  const error = (machine.state === 'UNAUTHENTICATED' || machine.state === 'AUTHENTICATED') && machine.error ? sessionErrorText(machine.error) : undefined;
  const waitingForPopup = machine.state === 'SIGNING_IN' && machine.step.kind !== 'credentials';

  if (features.kind === 'idle' || features.kind === 'loading') {
    return (
      <div className="bp-signin-loading" role="status">
        <span className="bp-spinner" aria-hidden /> Loading
      </div>
    );
  }
  if (features.kind === 'failed') {
    return (
      <div className="bp-signin">
        <Banner variant="error">The sign-in methods could not be loaded: {features.message}</Banner>
        <LoadingButton variant="secondary" onClick={() => void session.loadFeatures()}>
          Try again
        </LoadingButton>
      </div>
    );
  }
  const options = signInOptions(features.features);
  const errorBanner = error && <Banner variant="error">{error}</Banner>;
  if (options.ssoOnly) {
    return (
      <div className="bp-signin">
        <p className="bp-signin-intro">{SIGN_IN_TEXTS.intro}</p>
        {errorBanner}
        <SsoForm otherMethods={false} />
        <Footer />
      </div>
    );
  }
  if (dialog.view === 'sso' && options.sso) {
    return (
      <div className="bp-signin">
        <SsoForm otherMethods={hasOtherMethod(options)} onBack={() => dialog.show('methods')} />
        <Footer />
      </div>
    );
  }
  if (dialog.view === 'sign-up' && options.passwordSignUp) {
    return (
      <div className="bp-signin">
        {errorBanner}
        <PasswordSignUpForm />
        <button type="button" className="bp-link-button" onClick={() => dialog.show('methods')}>
          {PASSWORD_TEXTS.toSignIn}
        </button>
        <Footer />
      </div>
    );
  }
  const nothing = options.providers.length === 0 && !options.sso && !options.password;
  return (
    <div className="bp-signin">
      <p className="bp-signin-intro">{SIGN_IN_TEXTS.intro}</p>
      {errorBanner}
      {nothing && <Banner variant="warning">{SIGN_IN_TEXTS.noMethods}</Banner>}
      {options.providers.length > 0 && (
        <div className="bp-signin-providers">
          {options.providers.map((provider) => (
            <LoadingButton
              key={provider}
              variant="secondary"
              block
              loading={waitingForPopup && chosen === provider}
              disabled={waitingForPopup}
              onClick={() => {
                setChosen(provider);
                session.signIn(provider);
              }}
            >
              {PROVIDER_LABELS[provider]}
            </LoadingButton>
          ))}
        </div>
      )}
      {options.password && (
        <>
          {options.providers.length > 0 && <div className="bp-signin-divider">{PASSWORD_TEXTS.or}</div>}
          <PasswordSignInForm />
        </>
      )}
      {(options.sso || options.passwordSignUp) && (
        <div className="bp-signin-links">
          {options.sso && (
            <button type="button" className="bp-link-button" onClick={() => dialog.show('sso')}>
              {SIGN_IN_TEXTS.sso}
            </button>
          )}
          {options.passwordSignUp && (
            <button type="button" className="bp-link-button" onClick={() => dialog.show('sign-up')}>
              {PASSWORD_TEXTS.toSignUp}
            </button>
          )}
        </div>
      )}
      <Footer />
    </div>
  );
});
