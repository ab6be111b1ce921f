import { ButtonHTMLAttributes, forwardRef } from 'react';
import { ButtonVariant, WIDGET_TEXTS } from '../../domain/widgets/widget-constants';
import './widgets.css';

export interface LoadingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant | 'danger';
  /** Loading hides the label and shows a spinner (spec 000 §4); the button is disabled meanwhile. */
  loading?: boolean;
  block?: boolean;
}

/** A button that can be disabled or loading (spec 000 §4, §9: primary, secondary, ghost, ghost-inverted). */
export const LoadingButton = forwardRef<HTMLButtonElement, LoadingButtonProps>(function LoadingButton(
  { variant = 'secondary', loading = false, block = false, disabled, className, children, type = 'button', ...rest },
  ref,
) {
  const classes = ['bp-btn', `bp-btn-${variant}`, block ? 'bp-btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button ref={ref} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      <span className={loading ? 'bp-btn-label-hidden' : undefined} aria-hidden={loading || undefined}>
        {children}
      </span>
      {loading && <span className="bp-spinner" role="status" aria-label={WIDGET_TEXTS.loading} data-testid="button-spinner" />}
    </button>
  );
});
