import { observer } from 'mobx-react-lite';
import { SignInDialogStore } from '../../application/session/sign-in-dialog.store';
import { SIGN_IN_TEXTS } from '../../domain/session/sign-in-options';
import { useService } from '../di/container-context';
import { Dialog } from '../widgets/dialog';
import { SignInContent } from './sign-in-content';

/** The sign-in modal (spec 000 §2): 'Sign in to Bullpen'; the overlay (or Escape) closes it without signing in. */
export const SignInDialog = observer(function SignInDialog() {
  const dialog = useService(SignInDialogStore);
  if (!dialog.isOpen) return null;
  return (
    <Dialog title={SIGN_IN_TEXTS.title} size="md" onClose={() => dialog.close()}>
      <SignInContent />
    </Dialog>
  );
});
