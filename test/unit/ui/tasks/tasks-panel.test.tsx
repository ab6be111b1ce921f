/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TerminalsStore } from '../../../../src/application/terminal/terminals.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { BullpenView, TasksPanel } from '../../../../src/ui/tasks/tasks-view';
import { settle } from '../../application/support/fake-shells';
import { renderWithContainer } from '../support/render-with-container';
import { runContainer } from '../support/run-fakes';

const task = (id: string) => screen.getAllByRole('listitem').find((li) => li.getAttribute('data-task-id') === id)!;
const press = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
    await settle();
  });
};

describe('TasksPanel', () => {
  it('lists the tasks with their status and exit code', async () => {
    const { c } = await runContainer();
    renderWithContainer(<TasksPanel />, c);
    expect(within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem').map((li) => li.getAttribute('data-task-id'))).toEqual(['web', 'build']);
    expect(within(task('web')).getByTestId('task-status').textContent).toBe('NOT STARTED');
    expect(within(task('build')).getByTestId('task-status').textContent).toBe('ERROR (exit code 2)');
  });

  it('runs a task, then offers restart and stop; a stopped task is KILLED and can run again', async () => {
    const { c, fakes } = await runContainer();
    renderWithContainer(<TasksPanel />, c);
    await press(screen.getByRole('button', { name: 'Run Web server' }));
    expect(within(task('web')).getByTestId('task-status').textContent).toBe('RUNNING');
    expect(screen.queryByRole('button', { name: 'Run Web server' })).toBeNull();

    await press(screen.getByRole('button', { name: 'Restart Web server' }));
    await press(screen.getByRole('button', { name: 'Stop Web server' }));
    expect(within(task('web')).getByTestId('task-status').textContent).toBe('KILLED');
    expect(fakes.tasks.calls).toEqual(['run web', 'run web', 'stop web']);
    expect(screen.getByRole('button', { name: 'Run Web server' })).toBeTruthy();
  });

  it("opens a task's output in a terminal tab and shows the terminal panel", async () => {
    const { c, fakes } = await runContainer();
    fakes.shells.listed = [...fakes.shells.listed, { shellId: 'sh-build', name: 'Build', status: 'ERROR', exitCode: 2, isTerminal: false }];
    renderWithContainer(<TasksPanel />, c);
    await press(screen.getByRole('button', { name: 'Show the output of Build' }));
    const terminals = c.get(TerminalsStore);
    expect(terminals.activeShellId).toBe('sh-build');
    expect(terminals.active?.kind).toBe('command');
    expect(c.get(LayoutStore).layout).toMatchObject({ panelVisible: true, activePanel: 'terminal' });
  });

  it('shows the setup steps with the current one, and skips one step or all of them', async () => {
    const { c, fakes } = await runContainer();
    renderWithContainer(<TasksPanel />, c);
    const setup = screen.getByRole('region', { name: 'Setup' });
    expect(within(setup).getByRole('status').textContent).toBe('Running step 2 of 3');
    const steps = within(setup).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-status'))).toEqual(['SUCCEEDED', 'RUNNING', 'PENDING']);
    expect(steps[1].getAttribute('aria-current')).toBe('step');
    expect(within(steps[0]).queryByRole('button', { name: 'Skip setup step Install' })).toBeNull();

    await press(within(steps[1]).getByRole('button', { name: 'Skip setup step Build' }));
    expect(within(setup).getAllByRole('listitem').map((s) => s.getAttribute('data-status'))).toEqual(['SUCCEEDED', 'SKIPPED', 'RUNNING']);

    await press(within(setup).getByRole('button', { name: 'Skip all' }));
    expect(within(setup).getByRole('status').textContent).toBe('Setup finished');
    expect(within(setup).getAllByRole('listitem').map((s) => s.getAttribute('data-status'))).toEqual(['SUCCEEDED', 'SKIPPED', 'SKIPPED']);
    expect(fakes.setup.calls).toEqual(['skip 1', 'skipAll']);
  });

  it('offers a reader no run, stop or skip buttons', async () => {
    const { c } = await runContainer({ canEdit: false });
    renderWithContainer(<TasksPanel />, c);
    expect(screen.queryByRole('button', { name: /^(Run|Stop|Restart|Skip)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show the output of Build' })).toBeTruthy();
  });

  it('takes run, stop and skip away when the access turns to read while open, and gives them back', async () => {
    const { c, connection } = await runContainer();
    renderWithContainer(<TasksPanel />, c);
    const writes = () => screen.queryAllByRole('button', { name: /^(Run|Stop|Restart|Skip)/ }).length;
    expect(writes()).toBeGreaterThan(0);
    act(() => connection.changeAccess('read'));
    expect(writes()).toBe(0);
    expect(screen.getByRole('button', { name: 'Show the output of Build' })).toBeTruthy();
    act(() => connection.changeAccess('write'));
    expect(screen.getByRole('button', { name: 'Run Web server' })).toBeTruthy();
  });
});

describe('BullpenView', () => {
  it('shows the same tasks and setup in the side bar under its title', async () => {
    const { c } = await runContainer();
    renderWithContainer(<BullpenView />, c);
    expect(screen.getByRole('region', { name: 'Bullpen: tasks and setup' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Web server' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Setup' })).toBeTruthy();
  });
});
