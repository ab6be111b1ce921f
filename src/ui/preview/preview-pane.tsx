import { observer } from 'mobx-react-lite';
import { FormEvent, useEffect, useState } from 'react';
import { PortsStore } from '../../application/port/ports.store';
import { PreviewStore } from '../../application/port/preview.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';
import { Sash } from '../widgets/sash';
import './preview-pane.css';

/** The preview beside the editor: a port's page in a frame, with a port picker, an address bar and reload. */
export const PreviewPane = observer(function PreviewPane() {
  const preview = useService(PreviewStore);
  const ports = useService(PortsStore);
  const layout = useService(LayoutStore);
  useEffect(() => void preview.ensureToken(), [preview]);
  const target = preview.target;
  // As set, unless the editor would be too narrow beside it (LayoutStore.shownWidths).
  const width = layout.shownWidths.previewWidth;
  return (
    <>
      <Sash label="Resize preview" value={width} edge="right" onResize={(w) => layout.resize('previewWidth', w)} />
      <aside className="bp-preview" style={{ width }} aria-label="Preview" data-testid="preview">
        <div className="bp-preview-bar">
          <select
            className="bp-preview-port"
            aria-label="Port"
            value={target?.port ?? ''}
            onChange={(e) => e.target.value && preview.open(Number(e.target.value))}
            disabled={ports.list.length === 0}
          >
            {ports.list.length === 0 && <option value="">No port</option>}
            {ports.list.map((p) => (
              <option key={p.port} value={p.port}>
                {p.port}
              </option>
            ))}
          </select>
          <button className="bp-icon-button" aria-label="Reload preview" title="Reload preview" onClick={() => preview.reload()} disabled={!target}>
            ↻
          </button>
          <AddressBar key={preview.path} />
          {target && (
            <a className="bp-icon-button" href={preview.externalUrl(target)} target="_blank" rel="noreferrer" aria-label="Open in a new tab" title="Open in a new tab">
              ↗
            </a>
          )}
          <button className="bp-icon-button" aria-label="Close preview" title="Close preview" onClick={() => layout.togglePreview()}>
            ×
          </button>
        </div>
        {preview.src ? (
          <iframe
            key={preview.generation}
            className="bp-preview-frame"
            src={preview.src}
            title={`Preview of port ${target?.port}`}
            data-generation={preview.generation}
            data-testid="preview-frame"
          />
        ) : (
          <p className="bp-muted">{target ? 'Loading the preview…' : 'No open port to preview. Start a server in a terminal or a task.'}</p>
        )}
      </aside>
    </>
  );
});

/** The editable path below the preview's origin; Enter loads it. */
const AddressBar = observer(function AddressBar() {
  const preview = useService(PreviewStore);
  const [draft, setDraft] = useState(preview.path);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    preview.navigate(draft);
  };
  return (
    <form className="bp-preview-address" onSubmit={submit} role="search" aria-label="Preview address">
      <span className="bp-preview-origin" title={preview.origin}>
        {preview.origin ?? ''}
      </span>
      <input aria-label="Preview path" value={draft} onChange={(e) => setDraft(e.target.value)} spellCheck={false} disabled={!preview.target} />
    </form>
  );
});
