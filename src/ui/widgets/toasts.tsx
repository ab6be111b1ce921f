import { observer } from 'mobx-react-lite';
import { NotificationsStore } from '../../application/workspace/notifications.store';
import { useService } from '../di/container-context';

export const Toasts = observer(function Toasts() {
  const notifications = useService(NotificationsStore);
  return (
    <div className="bp-toasts" aria-live="polite">
      {notifications.notices.map((n) => (
        <div key={n.id} className={`bp-toast bp-toast-${n.variant}`} role={n.variant === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          <button title="Dismiss" aria-label="Dismiss" onClick={() => notifications.dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
});
