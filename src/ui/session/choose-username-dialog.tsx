import { observer } from 'mobx-react-lite';
import { FormEvent, useId, useState } from 'react';
import { SessionStore } from '../../application/session/session.store';
import { checkUsername } from '../../domain/account/username';
import { useService } from '../di/container-context';
import { Dialog } from '../widgets/dialog';
import { LoadingButton } from '../widgets/loading-button';

export const CHOOSE_USERNAME_TITLE = 'Choose a username';

function UsernameForm({ suggested, busy, onSubmit }: { suggested: string; busy: boolean; onSubmit: (username: string) => void }) {
  const [username, setUsername] = useState(suggested);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkUsername(username);
    if (!checked.ok) setProblem(checked.error);
    else onSubmit(checked.value);
  };
  return (
    <form className="bp-form" onSubmit={submit}>
      <div className="bp-field">
        <label className="bp-field-label" htmlFor={id}>
          Username
        </label>
        <input
          id={id}
          className="bp-input"
          required
          autoComplete="username"
          value={username}
          aria-invalid={problem !== undefined}
          aria-describedby={noteId}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(undefined);
          }}
        />
        <span id={noteId} className={problem ? 'bp-field-note bp-field-note-invalid' : 'bp-field-note'}>
          {problem ?? 'Your username appears in the addresses of your sandboxes.'}
        </span>
      </div>
      <LoadingButton type="submit" variant="primary" block loading={busy}>
        Create account
      </LoadingButton>
    </form>
  );
}

/** After a provider's 'signup' (spec 000 §4): the person picks a username, then the account is finalized. */
export const ChooseUsernameDialog = observer(function ChooseUsernameDialog() {
  const session = useService(SessionStore);
  const machine = session.machine;
  if (machine.state !== 'SIGNING_IN' || (machine.step.kind !== 'choosing-username' && machine.step.kind !== 'finalizing')) return null;
  const step = machine.step;
  return (
    <Dialog
      title={CHOOSE_USERNAME_TITLE}
      size="sm"
      description="Welcome to Bullpen. One more step to create your account."
      onClose={() => session.cancelSignUp()}
    >
      <UsernameForm
        suggested={step.kind === 'choosing-username' ? step.suggestedUsername : ''}
        busy={step.kind === 'finalizing'}
        onSubmit={(username) => session.chooseUsername(username)}
      />
    </Dialog>
  );
});
