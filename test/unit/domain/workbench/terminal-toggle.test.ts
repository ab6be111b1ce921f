import { terminalToggle } from '../../../../src/domain/workbench/terminal-toggle';

describe("terminalToggle (Ctrl/Cmd+`, VS Code's 'View: Toggle Terminal')", () => {
  it('shows a hidden terminal and gives it the keyboard', () => {
    expect(terminalToggle({ shown: false, focused: false })).toBe('show-and-focus');
  });

  it('gives a shown terminal without the keyboard the keyboard', () => {
    expect(terminalToggle({ shown: true, focused: false })).toBe('focus');
  });

  it('hides a shown terminal that has the keyboard and gives the keyboard back to the editor', () => {
    expect(terminalToggle({ shown: true, focused: true })).toBe('hide-and-focus-editor');
  });
});
