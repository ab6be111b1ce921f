import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { READONLY_TERMINAL_TEXT, TerminalStore } from '../../application/terminal/terminal.store';
import { ConnectionStore } from '../../application/workspace/connection.store';
import { WorkbenchStore } from '../../application/workspace/workbench.store';
import { useService } from '../di/container-context';

const RESIZE_DEBOUNCE_MS = 100;

/** xterm.js bound to the workspace terminal, sized to the panel. */
export const TerminalPanel = observer(function TerminalPanel() {
  const terminal = useService(TerminalStore);
  const workbench = useService(WorkbenchStore);
  const connection = useService(ConnectionStore);
  const host = useRef<HTMLDivElement>(null);
  const fit = useRef<FitAddon | undefined>(undefined);
  const xtermRef = useRef<Terminal | undefined>(undefined);

  useEffect(() => {
    const xterm = new Terminal({ fontSize: 13, cursorBlink: true, convertEol: false, theme: { background: '#151515' }, scrollback: 5000 });
    const fitAddon = new FitAddon();
    xterm.loadAddon(fitAddon);
    xterm.open(host.current!);
    fit.current = fitAddon;
    xtermRef.current = xterm;
    const size = () => ({ cols: xterm.cols, rows: xterm.rows });
    fitAddon.fit();
    workbench.setTerminalSize(size());
    // xterm calls back once it has parsed each write: the store's flow control waits for that (never grows unbounded).
    const view = terminal.bindView({ write: (data, done) => xterm.write(data, done), reset: () => xterm.reset() });
    const input = xterm.onData((data) => terminal.input(data));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!host.current || host.current.clientWidth === 0) return;
        fitAddon.fit();
        workbench.setTerminalSize(size());
        terminal.resize(size());
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(host.current!);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      view.dispose();
      input.dispose();
      xterm.dispose();
    };
  }, [terminal, workbench]);

  const state = terminal.state;
  const exited = state.kind === 'attached' && state.status !== 'RUNNING';
  return (
    <section className="bp-terminal-panel" aria-label="Terminal">
      <div className="bp-panel-title">
        Terminal
        {exited && connection.join?.canCreateShells && (
          <button className="bp-button" onClick={() => xtermRef.current && void terminal.restart({ cols: xtermRef.current.cols, rows: xtermRef.current.rows })}>
            New terminal
          </button>
        )}
      </div>
      {state.kind === 'readonly' && <div className="bp-muted">{READONLY_TERMINAL_TEXT}</div>}
      {state.kind === 'failed' && <div className="bp-error-text">{state.message}</div>}
      <div className="bp-xterm" ref={host} data-testid="terminal" data-shell-id={terminal.shellId ?? ''} />
    </section>
  );
});
