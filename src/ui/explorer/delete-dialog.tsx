import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useId, useRef } from 'react';
import { ExplorerStore } from '../../application/files/explorer.store';
import { useService } from '../di/container-context';

/** Asks before a delete: Enter (or the Delete button) confirms, Escape (or Cancel) keeps the entry. */
export const DeleteDialog = observer(function DeleteDialog() {
  const explorer = useService(ExplorerStore);
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const pending = explorer.confirmation;

  useEffect(() => {
    if (pending) confirm.current?.focus();
  }, [pending]);
  if (!pending) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      explorer.cancelDelete();
    } else if (event.key === 'Enter' && event.target !== cancel.current) {
      event.preventDefault();
      void explorer.confirmDelete();
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog: Tab and Shift+Tab swap between its two buttons.
      event.preventDefault();
      (document.activeElement === confirm.current ? cancel : confirm).current?.focus();
    }
  };
  const what = pending.isDirectory ? `the folder '${pending.name}' and its contents` : `'${pending.name}'`;
  return (
    <div className="bp-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && explorer.cancelDelete()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} className="bp-dialog" onKeyDown={onKeyDown}>
        <h2 id={titleId}>Delete {pending.isDirectory ? 'folder' : 'file'}</h2>
        <p id={textId}>Are you sure you want to delete {what}? This cannot be undone.</p>
        <div className="bp-dialog-buttons">
          <button ref={cancel} type="button" className="bp-button" onClick={() => explorer.cancelDelete()}>
            Cancel
          </button>
          <button ref={confirm} type="button" className="bp-dialog-danger" onClick={() => void explorer.confirmDelete()}>
            Delete
          </button>
        </div>
      </div>
    </div>
  );
});
