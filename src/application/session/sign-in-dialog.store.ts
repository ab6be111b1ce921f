import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, reaction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { SessionStore } from './session.store';

/** What the sign-in dialog shows: the providers (with the password form), the SSO form, or the password sign-up. */
export type SignInView = 'methods' | 'sso' | 'sign-up';

/** The sign-in modal (spec 000 §2): opened from the 'Sign in' entry, closed by its overlay or once signed in. */
@injectable()
export class SignInDialogStore extends DisposableBase {
  isOpen = false;
  view: SignInView = 'methods';

  constructor(@inject(SessionStore) private readonly session: SessionStore) {
    super();
    makeObservable(this, { isOpen: observable, view: observable, open: action, close: action, show: action });
    this.register(
      reaction(
        () => session.state,
        (state) => state === 'AUTHENTICATED' && this.close(),
      ),
    );
  }

  open(view: SignInView = 'methods'): void {
    this.view = view;
    this.isOpen = true;
    void this.session.loadFeatures();
  }

  close(): void {
    this.isOpen = false;
  }

  show(view: SignInView): void {
    this.view = view;
  }
}
