import { TerminalPanelBody } from './terminal-panel-body';
import { XtermView } from './xterm-view';

/** The bottom panel's terminal view (PANEL_VIEWS 'terminal'): the terminals, each shown by xterm.js. */
export function TerminalPanel() {
  return <TerminalPanelBody View={XtermView} />;
}
