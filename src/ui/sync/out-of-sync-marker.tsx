import { observer } from 'mobx-react-lite';
import { DocumentSyncStore } from '../../application/editor/document-sync.store';
import { OUT_OF_SYNC_TEXTS, showsOutOfSyncMarker } from '../../domain/editor/sync-state';
import { useService } from '../di/container-context';
import './sync.css';

/** On an editor tab while its file is out of sync (or being reset); clicking it asks again which version to keep. */
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
    >
      {OUT_OF_SYNC_TEXTS.marker}
    </button>
  );
});
