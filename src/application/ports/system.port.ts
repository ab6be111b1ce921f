import { Event } from '../../base/event';

/** The workspace machine: resource metrics, hibernation, start-up status (protocol.md §3 system). */
export const SystemPort = Symbol('SystemPort');

export interface ResourceFigures {
  used: number;
  total: number;
  configured: number;
}

/** cpu.used is in cores (0.5 = half a core); memory and storage in bytes. */
export interface SystemMetrics {
  cpu: { cores: number; used: number; configured: number };
  memory: ResourceFigures;
  storage: ResourceFigures;
}

/** system/initStatus: the workspace's own start-up, progress 0..100. */
export interface InitStatus {
  message: string;
  isError: boolean;
  progress: number;
  nextProgress: number;
  stdout?: string;
}

export interface SystemPort {
  readonly onDidReceiveMetrics: Event<SystemMetrics>;
  readonly onDidHibernate: Event<void>;
  readonly onDidChangeInitStatus: Event<InitStatus>;
  metrics(): Promise<SystemMetrics>;
  hibernate(): Promise<void>;
  /** Marks the workspace as in use (keeps it from hibernating). */
  update(): Promise<void>;
}
