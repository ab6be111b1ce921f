/** Which task a listening port belongs to (docs/protocol/port.md "Ports and tasks"). */
export interface OpenPort {
  port: number;
  /** The shell whose process tree listens on it, when known. */
  shellId?: string;
}

export interface TaskPorts {
  id: string;
  /** tasks.json `preview.port`. */
  previewPort?: number;
  shellId?: string;
}

export interface PortAssignment {
  /** Ports by task id (every task is present, most with none). */
  byTask: Map<string, number[]>;
  /** Open ports no task claims. */
  unassigned: number[];
}

/**
 * A port belongs to the task whose `preview.port` names it, else to the task whose shell opened it; any other open
 * port is unassigned.
 */
export function assignPorts(open: readonly OpenPort[], tasks: readonly TaskPorts[]): PortAssignment {
  const byTask = new Map<string, number[]>(tasks.map((t) => [t.id, []]));
  const unassigned: number[] = [];
  for (const { port, shellId } of [...open].sort((a, b) => a.port - b.port)) {
    const owner = tasks.find((t) => t.previewPort === port) ?? (shellId === undefined ? undefined : tasks.find((t) => t.shellId === shellId));
    if (owner) byTask.get(owner.id)!.push(port);
    else unassigned.push(port);
  }
  return { byTask, unassigned };
}

/** The ports that opened and closed between two lists. */
export function diffPorts(before: readonly number[], after: readonly number[]): { opened: number[]; closed: number[] } {
  const was = new Set(before);
  const is = new Set(after);
  return { opened: after.filter((p) => !was.has(p)), closed: before.filter((p) => !is.has(p)) };
}
