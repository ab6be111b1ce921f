/**
 * Finds the TCP ports that a workspace's processes listen on (Linux: /proc/net/tcp and tcp6, with the socket
 * inodes of each process's open files). Processes are found from the host side as descendants of given pids (a
 * shell's pid; under bubblewrap the bwrap process, whose descendants the host still sees).
 */
export const ListeningPorts = Symbol('ListeningPorts');
export interface ListeningPorts {
  find(rootPids: readonly number[]): Promise<ListeningPort[]>;
}

export interface ListeningPort {
  port: number;
  /** The address to connect to on this machine (a wildcard listener answers on loopback). */
  host: string;
  /** Which of the given pids the listening process descends from. */
  rootPid: number;
}
