import { observer } from 'mobx-react-lite';
import { DocumentSyncStore } from '../../application/editor/document-sync.store';
import { OUT_OF_SYNC_TEXTS, showsOutOfSyncMarker } from '../../domain/editor/sync-state';
import { useService } from '../di/container-context';
import './sync.css';

/** On an editor tab while its file is out of sync (or being reset); clicking it (or Enter, Space) asks again which version to keep. */
export const OutOfSyncMarker = observer(function OutOfSyncMarker({ fileId, path }: { fileId: string; path: string }) {
  const sync = useService(DocumentSyncStore);
  const state = sync.stateOf(fileId);
  if (!showsOutOfSyncMarker(state)) return null;
  return (
    <button
      type="button"
      className="bp-out-of-sync"
      data-testid="out-of-sync-marker"
      data-state={state.kind}
      title={OUT_OF_SYNC_TEXTS.markerHint(path)}
      aria-label={OUT_OF_SYNC_TEXTS.markerHint(path)}
      disabled={state.kind === 'SYNCING'}
      onClick={(e) => {
        e.stopPropagation();
        sync.review(fileId);
      }}
      // Enter and Space belong to the button, not to the tab around it (whose keys would show the tab and swallow the click).
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && e.stopPropagation()}
    >
      {OUT_OF_SYNC_TEXTS.marker}
    </button>
  );
});
