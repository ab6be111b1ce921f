import { useEffect } from 'react';
import { WIDGET_TEXTS } from '../../domain/widgets/widget-constants';
import './widgets.css';

/** The full-page loading indicator (spec 000 §2): it removes the server-rendered placeholder once it appears. */
export function PageLoading() {
  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
  }, []);
  return (
    <div className="bp-page-loading" role="status">
      <span className="bp-spinner" aria-hidden />
      <span>{WIDGET_TEXTS.loading}</span>
    </div>
  );
}
