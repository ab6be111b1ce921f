import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useRef } from 'react';
import { ScmStore } from '../../application/git/scm.store';
import { useService } from '../di/container-context';

/** Asks before a discard: Enter (or the Discard button) discards, Escape (or Cancel) does not. Focus stays inside. */
export const DiscardDialog = observer(function DiscardDialog() {
  const scm = useService(ScmStore);
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    confirm.current?.focus();
    return () => previous?.focus();
  }, []);
  const prompt = scm.discardPrompt;
  if (!prompt) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void scm.confirmDiscard();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      scm.cancelDiscard();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      (document.activeElement === confirm.current ? cancel : confirm).current?.focus();
    }
  };
  return (
    <div className="bp-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && scm.cancelDiscard()}>
      <div role="dialog" aria-modal="true" aria-labelledby="bp-discard-title" aria-describedby="bp-discard-question" className="bp-dialog" onKeyDown={onKeyDown}>
        <h2 id="bp-discard-title" className="bp-dialog-title">
          Discard changes
        </h2>
        <p id="bp-discard-question">{prompt.question}</p>
        <div className="bp-dialog-buttons">
          <button ref={cancel} className="bp-button" onClick={() => scm.cancelDiscard()}>
            Cancel
          </button>
          <button ref={confirm} className="bp-dialog-danger" onClick={() => void scm.confirmDiscard()}>
            Discard
          </button>
        </div>
      </div>
    </div>
  );
});
