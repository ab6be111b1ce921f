import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { EXPLORER_ACTION_IDS } from '../../application/files/explorer-actions';
import { ExplorerStore } from '../../application/files/explorer.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { useService } from '../di/container-context';
import { rowSelector } from './row-selector';

const MENU_ACTIONS = [EXPLORER_ACTION_IDS.newFile, EXPLORER_ACTION_IDS.newFolder, EXPLORER_ACTION_IDS.rename, EXPLORER_ACTION_IDS.delete, EXPLORER_ACTION_IDS.download];

/**
 * The row's context menu (right click, Shift+F10 or the ContextMenu key): the explorer's actions from the registry,
 * with their labels and keys. Arrows move, Enter or Space runs, Escape or Tab closes.
 */
export const ExplorerContextMenu = observer(function ExplorerContextMenu() {
  const explorer = useService(ExplorerStore);
  const actions = useService(ActionRegistry);
  const menu = useRef<HTMLUListElement>(null);
  const open = explorer.menu;

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role=menuitem]:not([aria-disabled=true])')?.focus();
  }, [open]);
  if (!open) return null;

  const anchor = document.querySelector(rowSelector(open.key))?.getBoundingClientRect();
  const position = open.x !== undefined && open.y !== undefined ? { left: open.x, top: open.y } : { left: (anchor?.left ?? 0) + 24, top: anchor?.bottom ?? 0 };
  const items = MENU_ACTIONS.map((id) => actions.get(id)).filter((a) => a !== undefined);

  const onKeyDown = (event: KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    event.stopPropagation();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') explorer.closeMenu();
    else if (event.key === 'Enter' || event.key === ' ') (document.activeElement as HTMLElement | null)?.click();
    else return;
    event.preventDefault();
  };

  return (
    <ul
      ref={menu}
      role="menu"
      aria-label="File actions"
      className="bp-menu"
      style={position}
      onKeyDown={onKeyDown}
      onBlur={(event) => !menu.current?.contains(event.relatedTarget as Node | null) && explorer.dismissMenu()}
    >
      {items.map((action) => {
        const enabled = action.when?.() ?? true;
        return (
          <li
            key={action.id}
            role="menuitem"
            tabIndex={-1}
            aria-disabled={!enabled}
            className="bp-menu-item"
            data-action={action.id}
            onClick={() => enabled && actions.run(action.id)}
          >
            <span>{action.label}</span>
            {action.keyLabel && <span className="bp-menu-key">{action.keyLabel}</span>}
          </li>
        );
      })}
    </ul>
  );
});
