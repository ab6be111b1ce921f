import { observer } from 'mobx-react-lite';
import { FormEvent, useId, useState } from 'react';
import { DeleteAccountStore } from '../../application/account/delete-account.store';
import { SessionStore } from '../../application/session/session.store';
import { DELETE_ACCOUNT_TEXTS, canDeleteAccount } from '../../domain/account/delete-account';
import { useService } from '../di/container-context';
import { Dialog } from '../widgets/dialog';
import { LoadingButton } from '../widgets/loading-button';

/** Deleting the account: a dialog asks for the username, typed, before the button works. */
export const DeleteAccountSection = observer(function DeleteAccountSection() {
  const store = useService(DeleteAccountStore);
  const session = useService(SessionStore);
  const username = session.user?.username ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.delete(typed);
  };
  const { submission } = store;
  return (
    <section className="bp-account-section bp-account-danger" aria-labelledby="bp-account-delete">
      <h2 id="bp-account-delete">{DELETE_ACCOUNT_TEXTS.title}</h2>
      <p>{DELETE_ACCOUNT_TEXTS.warning}</p>
      <div>
        <LoadingButton variant="danger" onClick={() => setOpen(true)}>
          {DELETE_ACCOUNT_TEXTS.button}
        </LoadingButton>
      </div>
      {open && (
        <Dialog
          title={DELETE_ACCOUNT_TEXTS.title}
          size="sm"
          description={DELETE_ACCOUNT_TEXTS.warning}
          onClose={() => {
            setOpen(false);
            setTyped('');
          }}
        >
          <form className="bp-form" onSubmit={submit}>
            <div className="bp-field">
              <label className="bp-field-label" htmlFor={fieldId}>
                {DELETE_ACCOUNT_TEXTS.confirmLabel(username)}
              </label>
              <input id={fieldId} className="bp-input" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
            </div>
            {submission.kind === 'failed' && (
              <p className="bp-form-error" role="alert">
                {submission.message}
              </p>
            )}
            <LoadingButton type="submit" variant="danger" block loading={submission.kind === 'busy'} disabled={!canDeleteAccount(typed, username)}>
              {DELETE_ACCOUNT_TEXTS.button}
            </LoadingButton>
          </form>
        </Dialog>
      )}
    </section>
  );
});
