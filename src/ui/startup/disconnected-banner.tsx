import { observer } from 'mobx-react-lite';
import { ContainerStore } from '../../application/container/container.store';
import { DISCONNECTED_TEXTS } from '../../domain/container/disconnected-banner';
import { useService } from '../di/container-context';
import './startup.css';

/** While the workspace connection is lost: what happens, the reconnect progress, and Reconnect (or Reload page). */
export const DisconnectedBanner = observer(function DisconnectedBanner() {
  const container = useService(ContainerStore);
  const banner = container.banner;
  if (!banner) return null;
  return (
    <div className={`bp-banner bp-banner-${banner.variant}`} role="alert" data-testid="disconnected-banner">
      <span className="bp-banner-message">{banner.message}</span>
      {banner.detail && <span className="bp-banner-detail">{banner.detail}</span>}
      {banner.attempt !== undefined && (
        <progress className="bp-banner-progress" max={banner.attempts} value={banner.attempt} aria-label="Reconnect attempts" />
      )}
      <span className="bp-spacer" />
      {banner.action === 'reconnect' ? (
        <button type="button" className="bp-banner-action" disabled={!banner.actionEnabled} onClick={() => container.reconnect()}>
          {DISCONNECTED_TEXTS.reconnect}
        </button>
      ) : (
        <button type="button" className="bp-banner-action" onClick={() => window.location.reload()}>
          {DISCONNECTED_TEXTS.reload}
        </button>
      )}
    </div>
  );
});
