import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { useService } from '../di/container-context';
import { TerminalViewProps } from './terminal-panel-body';

const RESIZE_DEBOUNCE_MS = 100;

/**
 * xterm.js bound to one terminal session: output comes through the session's flow control (xterm's write callbacks),
 * keys go to the shell, and the shell follows the pane's size while the pane is on screen.
 */
export function XtermView({ session, primary, visible, onReady }: TerminalViewProps) {
  const terminals = useService(TerminalsStore);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const xterm = new Terminal({
      fontSize: 13,
      cursorBlink: true,
      convertEol: false,
      scrollback: 5000,
      theme: { background: '#151515', foreground: '#e5e5e5', cursor: '#dcff50', selectionBackground: '#3a3d41' },
    });
    const fitAddon = new FitAddon();
    xterm.loadAddon(fitAddon);
    xterm.open(host.current!);
    const fit = () => {
      if (!host.current || host.current.clientWidth === 0 || host.current.clientHeight === 0) return;
      fitAddon.fit();
      terminals.resize(session.shellId, { cols: xterm.cols, rows: xterm.rows });
    };
    fit();
    // xterm calls back once it has parsed each write: the session's flow control waits for that.
    const view = session.bind({ write: (data, done) => xterm.write(data, done), reset: () => xterm.reset() });
    const input = xterm.onData((data) => terminals.input(session.shellId, data));
    onReady?.(() => xterm.focus());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(fit, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(host.current!);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      view.dispose();
      input.dispose();
      xterm.dispose();
    };
    // One xterm per session for the life of the pane.
  }, [session, terminals]);

  return (
    <div
      className="bp-xterm"
      ref={host}
      data-testid={primary ? 'terminal' : 'terminal-pane'}
      data-shell-id={session.shellId}
      data-visible={visible ? 'true' : 'false'}
    />
  );
}
