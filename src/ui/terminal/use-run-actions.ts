import { useEffect } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { PortsStore } from '../../application/port/ports.store';
import { portActions } from '../../application/port/port-actions';
import { PreviewStore } from '../../application/port/preview.store';
import { SetupStore } from '../../application/setup/setup.store';
import { tasksActions } from '../../application/tasks/tasks-actions';
import { TasksStore } from '../../application/tasks/tasks.store';
import { terminalActions } from '../../application/terminal/terminal-actions';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { LayoutStore } from '../../application/workbench/layout.store';
import { QuickInputStore } from '../../application/workbench/quick-input.store';
import { AccessStore } from '../../application/workspace/access.store';
import { useService } from '../di/container-context';

/** Registers the terminal, tasks and setup, ports and preview actions for the life of the workbench. */
export function useRunActions(actions: ActionRegistry): void {
  const terminals = useService(TerminalsStore);
  const tasks = useService(TasksStore);
  const setup = useService(SetupStore);
  const ports = useService(PortsStore);
  const preview = useService(PreviewStore);
  const layout = useService(LayoutStore);
  const access = useService(AccessStore);
  const quickInput = useService(QuickInputStore);
  const groups = useService(EditorGroupsStore);
  useEffect(
    () =>
      actions.register([
        ...terminalActions({ terminals, layout, groups }),
        ...tasksActions({ tasks, setup, terminals, layout, access, quickInput }),
        ...portActions({ ports, preview, layout }),
      ]),
    [actions, terminals, tasks, setup, ports, preview, layout, access, quickInput, groups],
  );
}
