import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { reaction } from 'mobx';
import { useEffect, useRef } from 'react';
import { SettingsStore } from '../../application/settings/settings.store';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { terminalColors } from '../../domain/settings/terminal-colors';
import { STYLESHEET_THEME } from '../../domain/settings/workbench-palette';
import { useService } from '../di/container-context';
import { TerminalViewProps } from './terminal-panel-body';

const RESIZE_DEBOUNCE_MS = 100;
/** xterm adjusts a text colour that would read worse than this on its background (WCAG AA, VS Code's default). */
const MINIMUM_CONTRAST_RATIO = 4.5;

/**
 * xterm.js bound to one terminal session: output comes through the session's flow control (xterm's write callbacks),
 * keys go to the shell, and the shell follows the pane's size while the pane is on screen. Its colours come from the
 * user's theme (terminal-colors.ts) and change with it.
 */
export function XtermView({ session, primary, visible, onReady }: TerminalViewProps) {
  const terminals = useService(TerminalsStore);
  const settings = useService(SettingsStore);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const xterm = new Terminal({
      fontSize: 13,
      cursorBlink: true,
      convertEol: false,
      scrollback: 5000,
      minimumContrastRatio: MINIMUM_CONTRAST_RATIO,
    });
    const stopTheme = reaction(
      () => settings.theme ?? STYLESHEET_THEME,
      (theme) => (xterm.options.theme = { ...terminalColors(theme) }),
      { fireImmediately: true },
    );
    // A reader watches: xterm takes no keys (the store would drop them too).
    const stopInput = reaction(
      () => terminals.canType,
      (canType) => (xterm.options.disableStdin = !canType),
      { fireImmediately: true },
    );
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
    // Whether this terminal has the keyboard (Ctrl/Cmd+` toggles back to the editor from a focused terminal).
    const textarea = xterm.textarea!;
    const focused = () => terminals.keyboardChanged(session.shellId, true);
    const blurred = () => terminals.keyboardChanged(session.shellId, false);
    textarea.addEventListener('focus', focused);
    textarea.addEventListener('blur', blurred);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(fit, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(host.current!);
    return () => {
      stopTheme();
      stopInput();
      clearTimeout(timer);
      observer.disconnect();
      textarea.removeEventListener('focus', focused);
      textarea.removeEventListener('blur', blurred);
      blurred();
      view.dispose();
      input.dispose();
      xterm.dispose();
    };
    // One xterm per session for the life of the pane.
  }, [session, terminals, settings]);

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
