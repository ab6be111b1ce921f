import axios, { AxiosInstance } from 'axios';
import { PreviewSocketsPort } from '../../application/ports/preview-sockets.port';
import { apiErrorMessage } from './axios-sandbox-api.adapter';

/** GET /api/v1/sandboxes/:id/previews/:port → {data: {port, openSockets}} (docs/protocol/port.md "Hot reload"). */
export class AxiosPreviewSockets implements PreviewSocketsPort {
  private readonly http: AxiosInstance;

  constructor(baseURL = '/api/v1') {
    this.http = axios.create({ baseURL, headers: { 'x-client-type': 'bullpen-web' } });
  }

  async openSockets(sandboxId: string, port: number): Promise<number> {
    try {
      const { data } = await this.http.get<{ data: { openSockets: number } }>(`/sandboxes/${encodeURIComponent(sandboxId)}/previews/${port}`);
      return data.data.openSockets;
    } catch (error) {
      throw new Error(apiErrorMessage(error));
    }
  }
}
