import { ReactNode, useId, useState } from 'react';
import './widgets.css';

/** A section that is open or closed (spec 000 §4); it opens and closes over 125 ms. */
export function Collapsible({ title, children, defaultOpen = false }: { title: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className="bp-collapsible">
      <button type="button" className="bp-collapsible-header" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="bp-collapsible-chevron" aria-hidden>
          ›
        </span>
        {title}
      </button>
      <div
        id={bodyId}
        className={open ? 'bp-collapsible-body bp-collapsible-body-open' : 'bp-collapsible-body'}
        inert={!open}
        aria-hidden={!open}
        data-state={open ? 'open' : 'closed'}
      >
        <div>{children}</div>
      </div>
    </section>
  );
}
