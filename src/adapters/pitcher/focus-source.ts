import { Disposable } from '../../base/lifecycle';

/** Whether the user is looking at this tab (spec 002 §4: a disconnect while focused reconnects at once). */
export interface FocusSource {
  hasFocus(): boolean;
  onDidChange(listener: (focused: boolean) => void): Disposable;
}

/** For tests and non-browser hosts: always focused. */
export const alwaysFocused: FocusSource = { hasFocus: () => true, onDidChange: () => ({ dispose: () => undefined }) };

/** The browser window: focus and blur events, and the page becoming visible again. */
export function windowFocusSource(): FocusSource {
  if (typeof window === 'undefined' || typeof document === 'undefined') return alwaysFocused;
  return {
    hasFocus: () => document.hasFocus(),
    onDidChange(listener) {
      const focus = () => listener(true);
      const blur = () => listener(false);
      const visibility = () => listener(document.visibilityState === 'visible' && document.hasFocus());
      window.addEventListener('focus', focus);
      window.addEventListener('blur', blur);
      document.addEventListener('visibilitychange', visibility);
      return {
        dispose: () => {
          window.removeEventListener('focus', focus);
          window.removeEventListener('blur', blur);
          document.removeEventListener('visibilitychange', visibility);
        },
      };
    },
  };
}

/** Whether the page is shown (not a tab in the background or a minimised window); true outside a browser. */
export function pageIsVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}
