import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useRef, useState } from 'react';
import { AiToolbarStore } from '../../application/ai/ai-toolbar.store';
import { rovingTarget } from '../../domain/workbench/roving-focus';
import './ai-toolbar-content.css';

const NOTICE_ID = 'bp-ai-toolbar-notice';

/**
 * The floating AI toolbar's content (WAI-ARIA toolbar pattern): one button in the Tab order, Left / Right (wrapping),
 * Home and End move between the buttons, Escape closes it; it takes the focus on 'AI: Focus Toolbar' (Alt+F10).
 * Without a provider it says so beside its buttons. Mounted in a Monaco content widget, outside the workbench's React
 * tree, it gets its store from the widget; `onLeave` gives the keyboard back to the editor.
 */
export const AiToolbar = observer(function AiToolbar({ store, onLeave }: { store: AiToolbarStore; onLeave: () => void }) {
  const [current, setCurrent] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const buttons = () => [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const focusRequest = store.focusRequest;
  const shown = store.isShown;
  // Each time it shows, the first button is the one in the Tab order.
  useEffect(() => {
    if (shown) setCurrent(0);
  }, [shown]);
  useEffect(() => {
    // Only a new request moves the focus, not a change of the current button.
    if (focusRequest > 0) buttons()[current]?.focus();
  }, [focusRequest]);
  const notice = store.notice;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      store.dismiss();
      onLeave();
    } else {
      const target = rovingTarget(e.key, current, store.actions.length);
      if (target === undefined) return;
      setCurrent(target);
      buttons()[target]?.focus();
    }
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <div ref={bar} className="bp-ai-toolbar-content" role="toolbar" aria-label="AI actions" aria-orientation="horizontal" onKeyDown={onKeyDown}>
      {store.actions.map(({ action, label }, index) => (
        <button
          key={action}
          type="button"
          tabIndex={index === current ? 0 : -1}
          data-action={action}
          aria-describedby={notice ? NOTICE_ID : undefined}
          title={notice ?? label}
          onMouseDown={(e) => e.preventDefault() /* keeps the editor's selection */}
          onFocus={() => setCurrent(index)}
          onClick={() => {
            void store.run(action);
            onLeave();
          }}
        >
          {label}
        </button>
      ))}
      {notice && (
        <span id={NOTICE_ID} className="bp-ai-notice bp-muted" data-testid="ai-toolbar-notice">
          {notice}
        </span>
      )}
    </div>
  );
});
