import axios, { AxiosInstance } from 'axios';
import { PreviewTokenPort } from '../../application/ports/preview-token.port';
import { apiErrorMessage } from './axios-sandbox-api.adapter';

/** GET /api/v1/auth/preview_token → {data: {token}} (spec 002 §7). */
export class AxiosPreviewToken implements PreviewTokenPort {
  private readonly http: AxiosInstance;

  constructor(baseURL = '/api/v1') {
    this.http = axios.create({ baseURL, headers: { 'x-client-type': 'bullpen-web' } });
  }

  async fetchToken(): Promise<string> {
    try {
      const { data } = await this.http.get<{ data: { token: string } }>('/auth/preview_token');
      return data.data.token;
    } catch (error) {
      throw new Error(apiErrorMessage(error));
    }
  }
}
