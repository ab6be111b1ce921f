import { TaskPorts } from '../../../../domain/port/port-assignment';
import { TaskDefinition } from '../../../../domain/task/task-definition';
import { ShellHub } from '../shell-hub';
import { ShellSession } from '../shell-session';

/** A task the workspace knows: from tasks.json (configured) or started with task/runCommand. */
export interface TaskEntry {
  readonly id: string;
  definition: TaskDefinition;
  configured: boolean;
  /** The COMMAND shell of its last run. */
  shellId?: string;
}

/**
 * The tasks the workspace knows, by id: the configured ones follow the tasks of tasks.json; the others were started
 * with task/runCommand (or defined by the server) and stay until the workspace ends.
 */
export class TaskEntries {
  private readonly entries = new Map<string, TaskEntry>();

  constructor(private readonly shells: ShellHub) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): TaskEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  add(entry: TaskEntry): void {
    this.entries.set(entry.id, entry);
  }

  values(): IterableIterator<TaskEntry> {
    return this.entries.values();
  }

  /** The configured (or unconfigured) task that runs this command. */
  byCommand(command: string, configured: boolean): TaskEntry | undefined {
    return [...this.entries.values()].find((e) => e.configured === configured && e.definition.command === command);
  }

  /** The shell of the task's last run, while the workspace still has it. */
  shellOf(entry: TaskEntry): ShellSession | undefined {
    return entry.shellId === undefined ? undefined : this.shells.get(entry.shellId);
  }

  /**
   * The tasks of tasks.json become the configured ones: known ones take their definition, new ones are added, and
   * those no longer in it go (their shells forgotten), but for a running one, which stays as an unconfigured task.
   */
  configure(tasks: Readonly<Record<string, TaskDefinition>>): void {
    for (const [id, definition] of Object.entries(tasks)) {
      const entry = this.entries.get(id);
      if (entry) {
        entry.definition = definition;
        entry.configured = true;
      } else {
        this.entries.set(id, { id, definition, configured: true });
      }
    }
    for (const entry of [...this.entries.values()]) {
      if (!entry.configured || entry.id in tasks) continue;
      // A task removed from the file stays listed while it runs, as an unconfigured one.
      const shell = this.shellOf(entry);
      if (shell?.status === 'RUNNING') {
        entry.configured = false;
      } else {
        if (shell) this.shells.forget(shell.shellId);
        this.entries.delete(entry.id);
      }
    }
  }

  /** What each task claims of the open ports: its preview port and the shell of its last run (port-assignment). */
  portClaims(): TaskPorts[] {
    return [...this.entries.values()].map((e) => ({ id: e.id, previewPort: e.definition.preview?.port, shellId: e.shellId }));
  }
}
