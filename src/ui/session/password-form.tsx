import { observer } from 'mobx-react-lite';
import { FormEvent, useId, useState } from 'react';
import { SessionStore } from '../../application/session/session.store';
import { PASSWORD_TEXTS } from '../../domain/session/password-texts';
import { useService } from '../di/container-context';
import { LoadingButton } from '../widgets/loading-button';
import './session.css';

function Field({
  label,
  type,
  value,
  onChange,
  autoComplete,
  minLength,
}: {
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  minLength?: number;
}) {
  const id = useId();
  return (
    <div className="bp-field">
      <label className="bp-field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="bp-input"
        type={type}
        required
        autoComplete={autoComplete}
        minLength={minLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Password sign-in for self-hosted installs: a username or e-mail, and the password. */
export const PasswordSignInForm = observer(function PasswordSignInForm() {
  const session = useService(SessionStore);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const busy = session.machine.state === 'SIGNING_IN' && session.machine.step.kind === 'credentials';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.signInWithPassword(login.trim(), password);
  };
  return (
    <form className="bp-form" onSubmit={submit} aria-label={PASSWORD_TEXTS.signIn}>
      <Field label={PASSWORD_TEXTS.login} type="text" autoComplete="username" value={login} onChange={setLogin} />
      <Field label={PASSWORD_TEXTS.password} type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <LoadingButton type="submit" variant="primary" block loading={busy}>
        {PASSWORD_TEXTS.signIn}
      </LoadingButton>
    </form>
  );
});

/** Password sign-up: username, e-mail and a password of at least 10 characters. */
export const PasswordSignUpForm = observer(function PasswordSignUpForm() {
  const session = useService(SessionStore);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const busy = session.machine.state === 'SIGNING_IN' && session.machine.step.kind === 'credentials';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.signUpWithPassword(username.trim(), email.trim(), password);
  };
  return (
    <form className="bp-form" onSubmit={submit} aria-label={PASSWORD_TEXTS.signUp}>
      <Field label={PASSWORD_TEXTS.username} type="text" autoComplete="username" value={username} onChange={setUsername} />
      <Field label={PASSWORD_TEXTS.email} type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field
        label={PASSWORD_TEXTS.newPassword}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_TEXTS.minLength}
        value={password}
        onChange={setPassword}
      />
      <p className="bp-field-note">{PASSWORD_TEXTS.passwordRule}</p>
      <LoadingButton type="submit" variant="primary" block loading={busy}>
        {PASSWORD_TEXTS.signUp}
      </LoadingButton>
    </form>
  );
});
