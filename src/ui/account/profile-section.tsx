import { observer } from 'mobx-react-lite';
import { FormEvent, useEffect, useId } from 'react';
import { ProfileStore } from '../../application/account/profile.store';
import { usernameCheckMessage } from '../../domain/account/username';
import { useService } from '../di/container-context';
import { LoadingButton } from '../widgets/loading-button';

/** Profile: username (its availability checked as it is typed), name, bio, social links. */
export const ProfileSection = observer(function ProfileSection() {
  const profile = useService(ProfileStore);
  const ids = { username: useId(), usernameNote: useId(), name: useId(), bio: useId(), links: useId() };
  useEffect(() => profile.reset(), [profile]);
  const check = profile.usernameCheck;
  const note = check.kind === 'checking' ? { text: 'Checking…', invalid: false } : usernameCheckMessage(check);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void profile.save();
  };
  const { draft, submission } = profile;
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-profile">
      <h2 id="bp-account-profile">Profile</h2>
      <form className="bp-form" onSubmit={submit}>
        <div className="bp-account-grid">
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={ids.username}>
              Username
            </label>
            <input
              id={ids.username}
              className="bp-input"
              autoComplete="username"
              value={draft.username}
              aria-invalid={note?.invalid === true}
              aria-describedby={ids.usernameNote}
              onChange={(event) => profile.edit({ username: event.target.value })}
            />
            <span id={ids.usernameNote} className={note?.invalid ? 'bp-field-note bp-field-note-invalid' : 'bp-field-note'} aria-live="polite">
              {note?.text ?? ''}
            </span>
          </div>
          <div className="bp-field">
            <label className="bp-field-label" htmlFor={ids.name}>
              Name
            </label>
            <input
              id={ids.name}
              className="bp-input"
              autoComplete="name"
              maxLength={100}
              value={draft.name}
              onChange={(event) => profile.edit({ name: event.target.value })}
            />
          </div>
        </div>
        <div className="bp-field">
          <label className="bp-field-label" htmlFor={ids.bio}>
            Bio
          </label>
          <textarea id={ids.bio} className="bp-textarea" maxLength={1000} value={draft.bio} onChange={(event) => profile.edit({ bio: event.target.value })} />
        </div>
        <div className="bp-field">
          <label className="bp-field-label" htmlFor={ids.links}>
            Social links
          </label>
          <textarea
            id={ids.links}
            className="bp-textarea"
            placeholder="https://…, one per line"
            value={draft.socialLinks}
            onChange={(event) => profile.edit({ socialLinks: event.target.value })}
          />
        </div>
        {submission.kind === 'failed' && (
          <p className="bp-form-error" role="alert">
            {submission.message}
          </p>
        )}
        <div className="bp-account-actions">
          <LoadingButton type="submit" variant="primary" loading={submission.kind === 'busy'} disabled={!profile.canSave}>
            Save profile
          </LoadingButton>
        </div>
      </form>
    </section>
  );
});
