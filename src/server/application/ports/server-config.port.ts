export const ServerConfig = Symbol('ServerConfig');
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  clientDir: string;
}
