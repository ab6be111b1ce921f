import { observer } from 'mobx-react-lite';
import { ComponentType, useCallback, useEffect, useRef } from 'react';
import { TerminalSession } from '../../application/terminal/terminal-session';
import { TerminalsStore, READONLY_TERMINAL_TEXT } from '../../application/terminal/terminals.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { terminalStatusLabel } from '../../domain/terminal';
import { useService } from '../di/container-context';
import { TerminalIcon } from './terminal-icon';
import { TerminalTabs, terminalPaneId, terminalTabId } from './terminal-tabs';
import './terminal-panel.css';

/** What shows one terminal session (xterm.js in the workbench; component tests put a plain writer in its place). */
export interface TerminalViewProps {
  session: TerminalSession;
  /** The pane keyboard input goes to (the active tab); the e2e tests find it as [data-testid=terminal]. */
  primary: boolean;
  /** Whether the pane is on screen (a hidden pane keeps its terminal, and its session keeps the output). */
  visible: boolean;
  /** Called with a function that focuses the terminal, once it exists. */
  onReady?: (focus: () => void) => void;
}

/**
 * The terminal panel: the terminals as tabs with their actions, and the active terminal (two side by side when
 * split). Every session keeps its view while the panel is open; a hidden tab keeps receiving its output.
 */
export const TerminalPanelBody = observer(function TerminalPanelBody({ View }: { View: ComponentType<TerminalViewProps> }) {
  const terminals = useService(TerminalsStore);
  const actions = useService(ActionRegistry);
  const focusers = useRef(new Map<string, () => void>());
  const focus = useCallback((shellId: string) => focusers.current.get(shellId)?.(), []);
  /** Shows a tab and gives its terminal the keyboard (once its pane is on screen). */
  const open = (shellId: string) => {
    terminals.activate(shellId);
    setTimeout(() => focus(shellId));
  };

  // A terminal the user just created, split off or opened, or the active one (Ctrl/Cmd+`), gets the keyboard once its
  // view is on screen (a request made while the panel is closed waits for it to open). A request still pending when
  // the panel closes is dropped, so that it does not take the keyboard the next time the panel opens.
  const request = terminals.focusRequest;
  const target = request ? (request.shellId ?? terminals.activeShellId) : undefined;
  const views = terminals.sessions.length;
  useEffect(() => {
    if (!request || target === undefined || !focusers.current.has(target)) return;
    terminals.focusTaken(request);
    setTimeout(() => focus(target));
  }, [request, target, views, terminals, focus]);
  useEffect(() => () => terminals.focusTaken(terminals.focusRequest), [terminals]);

  const state = terminals.state;
  const active = terminals.active;
  const visible = terminals.visible;
  const button = (id: string, label: string, icon: 'new' | 'split' | 'restart' | 'kill') => {
    const action = actions.get(id);
    if (!action || !(action.when?.() ?? true)) return null;
    return (
      <button className="bp-icon-button" aria-label={label} title={action.keyLabel ? `${label} (${action.keyLabel})` : label} onClick={() => actions.run(id)}>
        <TerminalIcon name={icon} />
      </button>
    );
  };
  return (
    <section className="bp-terminal-panel" aria-label="Terminal">
      <div className="bp-terminal-toolbar">
        <TerminalTabs onOpen={open} />
        <span className="bp-spacer" />
        {button('workbench.action.terminal.new', 'New Terminal', 'new')}
        {button('workbench.action.terminal.split', terminals.splitShellId ? 'Unsplit Terminal' : 'Split Terminal', 'split')}
        {button('workbench.action.terminal.restart', 'Restart Terminal', 'restart')}
        {button('workbench.action.terminal.kill', 'Kill Terminal', 'kill')}
      </div>
      {terminals.showsReadonlyText && (
        <div className="bp-terminal-readonly" role="note" data-testid="terminal-readonly">
          {READONLY_TERMINAL_TEXT}
        </div>
      )}
      {state.kind === 'attaching' && terminals.sessions.length === 0 && <div className="bp-muted">Starting a terminal…</div>}
      {state.kind === 'failed' && <div className="bp-error-text">{state.message}</div>}
      <div className={`bp-terminal-panes${visible.length > 1 ? ' bp-terminal-panes-split' : ''}`}>
        {terminals.sessions.map((session) => {
          const onScreen = visible.includes(session);
          const ended = terminalStatusLabel(session.status, session.exitCode);
          return (
            <div
              key={session.shellId}
              id={terminalPaneId(session.shellId)}
              role="tabpanel"
              aria-labelledby={terminalTabId(session.shellId)}
              className={`bp-terminal-pane${session === active ? ' bp-terminal-pane-active' : ''}`}
              hidden={!onScreen}
              onFocus={() => session !== active && terminals.activate(session.shellId)}
            >
              <View
                session={session}
                primary={session === active}
                visible={onScreen}
                onReady={(focusView) => focusers.current.set(session.shellId, focusView)}
              />
              {!session.isRunning && (
                <div className="bp-terminal-ended" role="status" data-testid="terminal-exit">
                  {session.endedBy ? `Ended by ${session.endedBy}: ` : 'Process ended: '}
                  {ended}
                  {terminals.canCreate && (
                    <button className="bp-button" onClick={() => void terminals.restart(session.shellId)}>
                      Restart
                    </button>
                  )}
                  <button className="bp-button" onClick={() => terminals.closeTab(session.shellId)}>
                    Close
                  </button>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
});
