import { observer } from 'mobx-react-lite';
import { FormEvent, useId, useState } from 'react';
import { PasswordStore } from '../../application/account/password.store';
import { SessionStore } from '../../application/session/session.store';
import { useService } from '../di/container-context';
import { LoadingButton } from '../widgets/loading-button';

/** Changing the password (or setting one, for an account that signs in with a provider). */
export const PasswordSection = observer(function PasswordSection() {
  const store = useService(PasswordStore);
  const session = useService(SessionStore);
  const hasPassword = session.user?.hasPassword === true;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const ids = { current: useId(), next: useId(), repeated: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.change(hasPassword ? current : undefined, next, repeated)) {
      setCurrent('');
      setNext('');
      setRepeated('');
    }
  };
  const { submission } = store;
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-password">
      <h2 id="bp-account-password">{hasPassword ? 'Change password' : 'Set a password'}</h2>
      <p>Changing the password signs out every other session.</p>
      <form className="bp-form" onSubmit={(event) => void submit(event)}>
        {hasPassword && (
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={ids.current}>
              Current password
            </label>
            <input
              id={ids.current}
              className="bp-input"
              type="password"
              required
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </div>
        )}
        <div className="bp-account-grid">
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={ids.next}>
              New password
            </label>
            <input
              id={ids.next}
              className="bp-input"
              type="password"
              required
              minLength={10}
              autoComplete="new-password"
              value={next}
              onChange={(event) => setNext(event.target.value)}
            />
          </div>
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={ids.repeated}>
              New password, again
            </label>
            <input
              id={ids.repeated}
              className="bp-input"
              type="password"
              required
              minLength={10}
              autoComplete="new-password"
              value={repeated}
              onChange={(event) => setRepeated(event.target.value)}
            />
          </div>
        </div>
        {submission.kind === 'failed' && (
          <p className="bp-form-error" role="alert">
            {submission.message}
          </p>
        )}
        <div className="bp-account-actions">
          <LoadingButton type="submit" variant="primary" loading={submission.kind === 'busy'}>
            {hasPassword ? 'Change password' : 'Set password'}
          </LoadingButton>
        </div>
      </form>
    </section>
  );
});
