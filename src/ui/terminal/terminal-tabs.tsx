import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useRef } from 'react';
import { TerminalSession } from '../../application/terminal/terminal-session';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { terminalStatusLabel } from '../../domain/terminal';
import { useService } from '../di/container-context';

export const terminalTabId = (shellId: string) => `bp-terminal-tab-${shellId}`;
export const terminalPaneId = (shellId: string) => `bp-terminal-pane-${shellId}`;

/** The terminals as tabs: click or arrow keys to switch, double-click or F2 to rename, Delete to kill or close. */
export const TerminalTabs = observer(function TerminalTabs({ onOpen }: { onOpen: (shellId: string) => void }) {
  const terminals = useService(TerminalsStore);
  const list = useRef<HTMLDivElement>(null);
  const focusTab = (shellId: string | undefined) => {
    if (shellId) list.current?.querySelector<HTMLElement>(`[data-shell-id="${shellId}"][role=tab]`)?.focus();
  };
  // After a rename the focus goes back to the tab.
  const renamed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (renamed.current && terminals.renamingShellId === undefined) focusTab(renamed.current);
    renamed.current = terminals.renamingShellId;
  });
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, session: TerminalSession) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const { sessions } = terminals;
      const next = sessions[(sessions.indexOf(session) + step + sessions.length) % sessions.length];
      terminals.activate(next.shellId);
      focusTab(next.shellId);
    } else if (e.key === 'Home' || e.key === 'End') {
      const target = e.key === 'Home' ? terminals.sessions[0] : terminals.sessions.at(-1);
      if (target) terminals.activate(target.shellId);
      focusTab(target?.shellId);
    } else if (e.key === 'F2' && terminals.canCreate) terminals.startRename(session.shellId);
    else if (e.key === 'Delete') endOrClose(terminals, session);
    else if (e.key === 'Enter' || e.key === ' ') onOpen(session.shellId);
    else return;
    e.preventDefault();
  };
  return (
    <div className="bp-terminal-tabs" role="tablist" aria-label="Terminals" ref={list}>
      {terminals.sessions.map((session) => {
        const active = session.shellId === terminals.activeShellId;
        const shown = terminals.visible.includes(session);
        const status = terminalStatusLabel(session.status, session.exitCode);
        return (
          <div key={session.shellId} role="presentation" className={`bp-terminal-tab${active ? ' bp-terminal-tab-active' : ''}${shown && !active ? ' bp-terminal-tab-split' : ''}`}>
            {terminals.renamingShellId === session.shellId ? (
              <RenameInput session={session} />
            ) : (
              <button
                role="tab"
                id={terminalTabId(session.shellId)}
                aria-selected={active}
                aria-controls={terminalPaneId(session.shellId)}
                tabIndex={active ? 0 : -1}
                data-shell-id={session.shellId}
                data-status={session.status}
                className="bp-terminal-tab-label"
                title={session.kind === 'command' ? `${session.name} (command output)` : session.name}
                onClick={() => onOpen(session.shellId)}
                onDoubleClick={() => terminals.canCreate && terminals.startRename(session.shellId)}
                onKeyDown={(e) => onKeyDown(e, session)}
              >
                <span className="bp-terminal-tab-name">{session.name}</span>
                {status && <span className="bp-terminal-tab-status">{status}</span>}
              </button>
            )}
            {/* Out of the accessibility tree, as a control inside a tab list: Delete on the tab does the same. */}
            <button
              className="bp-icon-button bp-terminal-tab-close"
              aria-hidden="true"
              tabIndex={-1}
              aria-label={session.isRunning && terminals.canCreate ? `Kill ${session.name}` : `Close ${session.name}`}
              title={session.isRunning && terminals.canCreate ? 'Kill terminal' : 'Close tab'}
              onClick={() => endOrClose(terminals, session)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
});

/** A running terminal is killed (its tab shows how it ended); an ended one, or one a visitor watches, is closed. */
function endOrClose(terminals: TerminalsStore, session: TerminalSession): void {
  if (session.isRunning && terminals.canCreate) void terminals.kill(session.shellId);
  else terminals.closeTab(session.shellId);
}

const RenameInput = observer(function RenameInput({ session }: { session: TerminalSession }) {
  const terminals = useService(TerminalsStore);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const commit = () => {
    if (done.current) return;
    done.current = true;
    void terminals.rename(session.shellId, input.current?.value ?? '');
  };
  return (
    <input
      ref={input}
      className="bp-terminal-rename"
      aria-label="Terminal name"
      defaultValue={session.name}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        else if (e.key === 'Escape') {
          done.current = true;
          terminals.cancelRename();
        } else return;
        e.preventDefault();
        e.stopPropagation();
      }}
    />
  );
});
