import { Event } from '../../base/event';

/** The workspace's open ports (protocol.md §3 port): each with the URL that previews it. */
export const PortsPort = Symbol('PortsPort');

export interface OpenPort {
  port: number;
  url: string;
}

export interface PortsPort {
  readonly onDidChange: Event<OpenPort[]>;
  list(): Promise<OpenPort[]>;
}
