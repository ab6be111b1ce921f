import { RequestPermissions, RequestSchemas } from '../family';
import { empty } from '../schema';

/** system/* messages (protocol.md §3 system). Numbers: cores and bytes; `used` of cpu is in cores (0.5 = half a core). */
export interface ResourceFigures {
  used: number;
  total: number;
  configured: number;
}
export interface SystemMetrics {
  cpu: { cores: number; used: number; configured: number };
  memory: ResourceFigures;
  storage: ResourceFigures;
}
export interface SystemInitStatus {
  message: string;
  isError?: boolean;
  progress: number;
  nextProgress: number;
  stdout?: string;
}

export interface SystemRequests {
  'system/metrics': { params: Record<string, never>; result: SystemMetrics };
  'system/update': { params: Record<string, never>; result: Record<string, never> };
  'system/hibernate': { params: Record<string, never>; result: null };
}
export interface SystemNotifications {
  'system/metrics': SystemMetrics;
  'system/hibernate': Record<string, never>;
  'system/initStatus': SystemInitStatus;
}
export const systemSchemas: RequestSchemas<SystemRequests> = { 'system/metrics': empty, 'system/update': empty, 'system/hibernate': empty };
/** system/update is the SDK's activity keep-alive (protocol.md §1.5): any joined client may send it. */
export const systemPermissions: RequestPermissions<SystemRequests> = {
  'system/metrics': ['system', 'metrics'],
  'system/update': ['system', 'update'],
  'system/hibernate': ['system', 'hibernate'],
};
