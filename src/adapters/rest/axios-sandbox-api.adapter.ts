import axios, { AxiosInstance, isAxiosError } from 'axios';
import { SandboxApiPort, SandboxNotFoundError, SandboxSummary, WorkspaceHost } from '../../application/ports/sandbox-api.port';

/** Turns an error body into a message the way spec 000 §8 describes. */
export function apiErrorMessage(error: unknown): string {
  if (!isAxiosError(error)) return error instanceof Error ? error.message : 'Unknown error';
  const body = error.response?.data as { errors?: unknown; error?: unknown; message?: unknown } | undefined;
  if (body && Array.isArray(body.errors) && body.errors.length > 0) return String(body.errors[0]);
  if (body && typeof body.error === 'string') return body.error;
  if (body && typeof body.message === 'string') return body.message;
  return error.response ? 'Unknown error' : error.message;
}

/** The platform REST API (base /api/v1) over axios. */
export class AxiosSandboxApi implements SandboxApiPort {
  private readonly http: AxiosInstance;

  constructor(baseURL = '/api/v1') {
    this.http = axios.create({ baseURL, headers: { 'x-client-type': 'bullpen-web' } });
  }

  async getSandbox(id: string): Promise<SandboxSummary> {
    try {
      const { data } = await this.http.get<{ data: SandboxSummary }>(`/sandboxes/${encodeURIComponent(id)}`);
      return { id: data.data.id, title: data.data.title, isCloud: data.data.isCloud === true };
    } catch (error) {
      if (isAxiosError(error) && error.response?.status === 404) throw new SandboxNotFoundError(id);
      throw new Error(apiErrorMessage(error));
    }
  }

  async startWorkspace(id: string): Promise<WorkspaceHost> {
    try {
      const { data } = await this.http.post<{ data: { pitcher_url: string; pitcher_token: string } }>(`/vm/${encodeURIComponent(id)}/start`, {});
      return { pitcherUrl: data.data.pitcher_url, pitcherToken: data.data.pitcher_token };
    } catch (error) {
      if (isAxiosError(error) && error.response?.status === 404) throw new SandboxNotFoundError(id);
      throw new Error(apiErrorMessage(error));
    }
  }
}
