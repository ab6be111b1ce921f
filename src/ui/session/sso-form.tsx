import { observer } from 'mobx-react-lite';
import { FormEvent, useEffect, useId, useState } from 'react';
import { SsoFormStore } from '../../application/session/sso-form.store';
import { SSO_TEXTS, ssoSubmitLabel } from '../../domain/session/sso-form';
import { useService } from '../di/container-context';
import { LoadingButton } from '../widgets/loading-button';
import './session.css';

/**
 * The SSO form (spec 000 §2, §5): a required e-mail field ('Enter your email'), 'Continue with SSO' ('Signin in...'
 * while validating), the 422 text with a link to another method when there is one, and 'Not SSO? Sign in' back.
 */
export const SsoForm = observer(function SsoForm({ otherMethods, onBack }: { otherMethods: boolean; onBack?: () => void }) {
  const sso = useService(SsoFormStore);
  const [email, setEmail] = useState('');
  const fieldId = useId();
  const errorId = useId();
  useEffect(() => () => sso.reset(), [sso]);
  const form = sso.form;
  const busy = form.state === 'VALIDATING' || form.state === 'VALID';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sso.submit(email, otherMethods);
  };
  return (
    <form className="bp-form" onSubmit={submit} noValidate={false} aria-label="Sign in with SSO">
      <div className="bp-field">
        <label className="bp-field-label" htmlFor={fieldId}>
          Work e-mail
        </label>
        <input
          id={fieldId}
          className="bp-input"
          type="email"
          required
          autoComplete="email"
          placeholder={SSO_TEXTS.emailPlaceholder}
          value={email}
          aria-invalid={form.state === 'INVALID'}
          aria-describedby={form.state === 'INVALID' ? errorId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            sso.edited();
          }}
        />
      </div>
      {form.state === 'INVALID' && (
        <p id={errorId} className="bp-form-error" role="alert">
          {form.message}
          {form.offerOtherMethod && onBack && (
            <>
              {' '}
              Or{' '}
              <button type="button" className="bp-link-button" onClick={onBack}>
                {SSO_TEXTS.otherMethod}
              </button>
              .
            </>
          )}
        </p>
      )}
      <LoadingButton type="submit" variant="primary" block disabled={busy}>
        {ssoSubmitLabel(form)}
      </LoadingButton>
      {onBack && (
        <button type="button" className="bp-link-button" onClick={onBack}>
          {SSO_TEXTS.back}
        </button>
      )}
    </form>
  );
});
