import { TaskPorts, assignPorts } from '../../../../domain/port/port-assignment';
import { Port } from '../../../../protocol';
import { PortService } from '../port/port-service';
import { WorkspaceContext } from '../workspace-context';

/**
 * Which open port belongs to which task (docs/protocol/port.md "Ports and tasks"); ports no task claims are announced
 * as task/unassignedPortOpened and task/unassignedPortClosed.
 */
export class TaskPortTracker {
  private byTask = new Map<string, number[]>();
  private unassigned = new Map<number, Port>();

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly ports: PortService,
  ) {}

  /** Recomputes the assignment; returns the ids of the tasks whose ports changed. */
  update(tasks: readonly TaskPorts[]): string[] {
    const open = this.ports.openPorts();
    const assignment = assignPorts(
      open.map((p) => ({ port: p.port, shellId: p.shellId })),
      tasks,
    );
    const before = this.byTask;
    this.byTask = assignment.byTask;
    const changed = tasks.filter((t) => (before.get(t.id) ?? []).join() !== (assignment.byTask.get(t.id) ?? []).join()).map((t) => t.id);
    const urls = new Map(open.map((p) => [p.port, { port: p.port, url: p.url }]));
    const unassigned = new Map(assignment.unassigned.map((p) => [p, urls.get(p)!]));
    for (const [port, info] of unassigned) if (!this.unassigned.has(port)) this.ctx.broadcast('task/unassignedPortOpened', info);
    for (const [port, info] of this.unassigned) if (!unassigned.has(port)) this.ctx.broadcast('task/unassignedPortClosed', info);
    this.unassigned = unassigned;
    return changed;
  }

  /** A task's open ports with their preview URLs. */
  of(taskId: string): Port[] {
    const urls = new Map(this.ports.openPorts().map((p) => [p.port, p.url]));
    return (this.byTask.get(taskId) ?? []).filter((p) => urls.has(p)).map((port) => ({ port, url: urls.get(port)! }));
  }
}
