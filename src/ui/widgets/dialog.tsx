import { createFocusTrap, FocusTrap } from 'focus-trap';
import { KeyboardEvent, ReactNode, useEffect, useId, useRef } from 'react';
import { DialogSize } from '../../domain/widgets/widget-constants';
import './widgets.css';

export interface DialogProps {
  title: ReactNode;
  /** 320 px (sm) or 500 px (md) at most (spec 000 §9). */
  size?: DialogSize;
  /** Escape, the overlay, or a close control. */
  onClose: () => void;
  children: ReactNode;
  /** A description read with the title. */
  description?: ReactNode;
  /** The title may be for screen readers only (the content has its own heading). */
  hideTitle?: boolean;
  className?: string;
}

/**
 * A modal dialog: focus is trapped inside while it is open (focus-trap) and goes back where it was after, Escape and
 * a click on the overlay close it, it fades in over 100 ms.
 */
export function Dialog({ title, size = 'md', onClose, children, description, hideTitle = false, className }: DialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    let trap: FocusTrap | undefined = createFocusTrap(element, {
      escapeDeactivates: false,
      allowOutsideClick: true,
      fallbackFocus: element,
      returnFocusOnDeactivate: true,
      // Layout is not known in every environment (tests); the dialog's own elements are all visible.
      tabbableOptions: { displayCheck: 'none' },
    });
    trap.activate();
    return () => {
      trap?.deactivate();
      trap = undefined;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    event.preventDefault();
    close.current();
  };
  return (
    <div className="bp-modal-overlay" data-testid="dialog-overlay" onMouseDown={(event) => event.target === event.currentTarget && close.current()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`bp-modal bp-modal-${size}${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={hideTitle ? 'bp-visually-hidden' : 'bp-modal-title'}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="bp-muted-text">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
