import { observer } from 'mobx-react-lite';
import { ConnectionStore } from '../../application/workspace/connection.store';
import { useService } from '../di/container-context';

/** Connecting / Connected / Disconnected, with the reconnect attempt in the tooltip. */
export const ConnectionIndicator = observer(function ConnectionIndicator() {
  const connection = useService(ConnectionStore);
  const status = connection.status;
  const detail = status.kind === 'RECONNECTING' ? `Reconnecting (attempt ${status.attempt})` : status.kind === 'DISCONNECTED' ? status.reason : connection.label;
  return (
    <div className={`bp-connection bp-connection-${connection.label.toLowerCase()}`} title={detail} data-testid="connection-status" role="status">
      <span className="bp-connection-dot" aria-hidden />
      {connection.label}
    </div>
  );
});
