import { RequestPermissions, RequestSchemas } from '../family';
import { empty } from '../schema';

/** port/* messages (protocol.md §3 port). */
export interface Port {
  port: number;
  url: string;
}
export interface PortRequests {
  'port/list': { params: Record<string, never>; result: { list: Port[] } };
}
export interface PortNotifications {
  'port/changed': { list: Port[] };
}
export const portSchemas: RequestSchemas<PortRequests> = { 'port/list': empty };
export const portPermissions: RequestPermissions<PortRequests> = { 'port/list': 'joined' };
