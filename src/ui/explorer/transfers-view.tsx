import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { FileTransfersStore, Upload } from '../../application/files/file-transfers.store';
import { useService } from '../di/container-context';

const STATE_TEXT: Record<Upload['state']['kind'], string> = {
  waiting: 'Waiting',
  reading: 'Reading…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Failed',
};

const size = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Each upload's state (with a progress bar while it runs) and the download link once it is ready. */
export const TransfersView = observer(function TransfersView() {
  const transfers = useService(FileTransfersStore);
  const link = useRef<HTMLAnchorElement>(null);
  const { uploads, download } = transfers;
  const readyUrl = download?.kind === 'ready' ? download.url : undefined;

  // Follow a new download link once; it stays on screen to be clicked again.
  useEffect(() => {
    if (readyUrl) link.current?.click();
  }, [readyUrl]);

  if (uploads.length === 0 && !download) return null;
  const finished = uploads.some((u) => u.state.kind === 'done');
  return (
    <section className="bp-transfers" aria-label="Transfers">
      {uploads.length > 0 && (
        <>
          <div className="bp-panel-title">
            <span>Uploads</span>
            {finished && (
              <button type="button" className="bp-icon-button" onClick={() => transfers.clearFinishedUploads()}>
                Clear finished
              </button>
            )}
          </div>
          <ul aria-label="Uploads">
            {uploads.map((upload) => {
              const running = upload.state.kind === 'reading' || upload.state.kind === 'uploading';
              const target = `${upload.directory === '' ? '' : `${upload.directory}/`}${upload.name}`;
              return (
                <li key={upload.id} className={`bp-transfer${upload.state.kind === 'failed' ? ' bp-transfer-failed' : ''}`} data-upload={target} data-state={upload.state.kind}>
                  <span className="bp-transfer-name" title={target}>
                    {target} <span className="bp-muted-inline">({size(upload.size)})</span>
                  </span>
                  <span role="status">
                    {STATE_TEXT[upload.state.kind]}
                    {upload.state.kind === 'failed' && `: ${upload.state.message}`}
                  </span>
                  {running && <progress aria-label={`Uploading ${upload.name}`} />}
                  {upload.state.kind === 'done' && <progress aria-label={`Uploaded ${upload.name}`} value={1} max={1} />}
                  {upload.state.kind === 'failed' && (
                    <button type="button" className="bp-icon-button" aria-label={`Dismiss ${upload.name}`} onClick={() => transfers.dismissUpload(upload.id)}>
                      ×
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {download && (
        <div className="bp-transfer-download" role="status">
          {download.kind === 'preparing' ? (
            `Preparing download of ${download.path || 'the workspace'}…`
          ) : (
            <>
              Download:{' '}
              <a ref={link} href={download.url} download={download.fileName} data-testid="explorer-download-link">
                {download.fileName}
              </a>
            </>
          )}
        </div>
      )}
    </section>
  );
});
