import { KeyboardEvent, ReactNode, useEffect, useId, useRef, useState } from 'react';
import { moveHighlight } from '../../domain/widgets/widget-constants';
import './widgets.css';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly run: () => void;
}

/**
 * A dropdown menu: a button opens it (Enter, Space or Arrow Down focus the first row), arrows move between rows
 * (clamped), Home and End jump, Enter runs one, Escape or Tab or a click outside close it (focus back on the button).
 * More than 10 rows scroll (spec 000 §9).
 */
export function Menu({ trigger, label, items, heading }: { trigger: ReactNode; label: string; items: readonly MenuItem[]; heading?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]')[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
      setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moveHighlight(active, moves[event.key]!, items.length));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : items.length - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };
  return (
    <div className="bp-dropdown-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="bp-dropdown-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => {
          setActive(0);
          setOpen(!open);
        }}
        onKeyDown={onButtonKey}
      >
        {trigger}
      </button>
      {open && (
        <ul ref={list} id={menuId} role="menu" aria-label={label} className="bp-dropdown" onKeyDown={onMenuKey}>
          {heading && (
            <li role="presentation" className="bp-dropdown-heading">
              {heading}
            </li>
          )}
          {items.map((item, index) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                className="bp-dropdown-item"
                tabIndex={index === active ? 0 : -1}
                onClick={() => {
                  close(true);
                  item.run();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
