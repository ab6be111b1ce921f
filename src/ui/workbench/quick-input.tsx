import { observer } from 'mobx-react-lite';
import { KeyboardEvent, ReactElement, useEffect, useRef } from 'react';
import { QuickInputStore, QuickItem } from '../../application/workbench/quick-input.store';
import { useService } from '../di/container-context';

function Highlighted({ text, ranges }: { text: string; ranges?: QuickItem['highlights'] }) {
  if (!ranges?.length) return <>{text}</>;
  const parts: ReactElement[] = [];
  let at = 0;
  ranges.forEach((r, i) => {
    if (r.start > at) parts.push(<span key={`t${i}`}>{text.slice(at, r.start)}</span>);
    parts.push(<mark key={`m${i}`}>{text.slice(Math.max(at, r.start), r.end)}</mark>);
    at = Math.max(at, r.end);
  });
  parts.push(<span key="rest">{text.slice(at)}</span>);
  return <>{parts}</>;
}

/** The command palette and quick open: a combobox over a listbox, driven by the keyboard. */
export const QuickInput = observer(function QuickInput() {
  const quick = useService(QuickInputStore);
  const input = useRef<HTMLInputElement>(null);
  const state = quick.state;
  const open = state.kind !== 'closed';
  /** What had the keyboard when the box opened: it gets it back when the box closes, unless the command moved it. */
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && !active.closest('.bp-quick')) returnFocusTo.current = active;
      input.current?.focus();
      return;
    }
    const back = returnFocusTo.current;
    returnFocusTo.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (back?.isConnected && lost) back.focus();
  }, [open, state.kind]);
  if (state.kind === 'closed') return null;
  const value = state.kind === 'commands' ? `>${state.query}` : state.query;
  const items = quick.items;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') quick.move(e.key === 'ArrowDown' ? 1 : -1);
    else if (e.key === 'Enter') void quick.accept();
    else if (e.key === 'Escape') quick.close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const placeholder =
    state.kind === 'commands' ? 'Type the name of a command to run' : state.kind === 'pick' ? state.pick.placeholder : 'Search files by name (type > for commands)';
  return (
    <div className="bp-quick-backdrop" onMouseDown={() => quick.close()}>
      <div className="bp-quick" role="dialog" aria-label={state.kind === 'commands' ? 'Command palette' : state.kind === 'pick' ? state.pick.placeholder : 'Quick open'} onMouseDown={(e) => e.stopPropagation()}>
        <input
          ref={input}
          className="bp-quick-input"
          role="combobox"
          aria-expanded
          aria-controls="bp-quick-list"
          aria-activedescendant={items.length ? `bp-quick-item-${state.selected}` : undefined}
          aria-autocomplete="list"
          placeholder={placeholder}
          value={value}
          onChange={(e) => quick.type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => quick.state.kind !== 'closed' && !document.activeElement?.closest('.bp-quick') && quick.close(), 0)}
          data-testid="quick-input"
        />
        <ul className="bp-quick-list" role="listbox" id="bp-quick-list" aria-label="Results">
          {items.map((item, index) => (
            <li
              key={item.id}
              id={`bp-quick-item-${index}`}
              role="option"
              aria-selected={index === state.selected}
              className={`bp-quick-item${index === state.selected ? ' bp-quick-item-selected' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                void quick.accept(index);
              }}
              data-id={item.id}
            >
              <span className="bp-quick-label">
                <Highlighted text={item.label} ranges={item.highlights} />
              </span>
              {item.detail && <span className="bp-quick-detail">{item.detail}</span>}
              {item.keyLabel && <kbd className="bp-quick-key">{item.keyLabel}</kbd>}
            </li>
          ))}
          {items.length === 0 && (
            <li className="bp-quick-empty" role="option" aria-selected={false} aria-disabled>
              {state.kind === 'files' && state.searching ? 'Searching…' : 'No matching results'}
            </li>
          )}
        </ul>
      </div>
    </div>
  );
});
