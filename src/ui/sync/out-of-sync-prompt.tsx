import { observer } from 'mobx-react-lite';
import { DocumentSyncStore } from '../../application/editor/document-sync.store';
import { OUT_OF_SYNC_TEXTS } from '../../domain/editor/sync-state';
import { useService } from '../di/container-context';
import './sync.css';

/**
 * Spec 002 §4: a file flagged out of sync asks the user to reset from client ('Keep my version') or from server
 * ('Use the server version'); Cancel (or Escape) leaves it out of sync, marked on its tab.
 */
export const OutOfSyncPrompt = observer(function OutOfSyncPrompt() {
  const sync = useService(DocumentSyncStore);
  const question = sync.question;
  if (!question) return null;
  const { fileId, path } = question;
  return (
    <div className="bp-sync-backdrop">
      <div
        className="bp-sync-prompt"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="bp-sync-title"
        aria-describedby="bp-sync-description"
        data-testid="out-of-sync-prompt"
        data-file-id={fileId}
        onKeyDown={(e) => e.key === 'Escape' && sync.cancel(fileId)}
      >
        <h2 id="bp-sync-title">{OUT_OF_SYNC_TEXTS.title(path)}</h2>
        <p id="bp-sync-description">{OUT_OF_SYNC_TEXTS.description}</p>
        <div className="bp-sync-actions">
          <button type="button" title={OUT_OF_SYNC_TEXTS.resetFromClientHint} onClick={() => sync.resetFromClient(fileId)} autoFocus>
            {OUT_OF_SYNC_TEXTS.resetFromClient}
          </button>
          <button type="button" title={OUT_OF_SYNC_TEXTS.resetFromServerHint} onClick={() => sync.resetFromServer(fileId)}>
            {OUT_OF_SYNC_TEXTS.resetFromServer}
          </button>
          <button type="button" onClick={() => sync.cancel(fileId)}>
            {OUT_OF_SYNC_TEXTS.cancel}
          </button>
        </div>
      </div>
    </div>
  );
});
