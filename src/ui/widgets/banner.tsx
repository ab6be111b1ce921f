import { ReactNode } from 'react';
import { BannerCorners, BannerVariant, WIDGET_TEXTS } from '../../domain/widgets/widget-constants';
import './widgets.css';

/** A banner (spec 000 §4): trial, warning, error or info; rounded, rounded-bottom or straight; optionally dismissible. */
export function Banner({
  variant = 'info',
  corners = 'rounded',
  onDismiss,
  children,
}: {
  variant?: BannerVariant;
  corners?: BannerCorners;
  onDismiss?: () => void;
  children: ReactNode;
}) {
  return (
    <div className={`bp-ui-banner bp-ui-banner-${variant} bp-ui-banner-${corners}`} role={variant === 'error' ? 'alert' : 'status'} data-variant={variant}>
      <div className="bp-ui-banner-text">{children}</div>
      {onDismiss && (
        <button type="button" className="bp-icon-button" title={WIDGET_TEXTS.dismiss} aria-label={WIDGET_TEXTS.dismiss} onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
