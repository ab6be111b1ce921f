import axios, { AxiosInstance } from 'axios';
import { BranchRecordsPort } from '../../application/ports/branch-records.port';
import { apiErrorMessage } from './axios-sandbox-api.adapter';

/** Branch records of the platform API (base /api/beta). */
export class AxiosBranchRecords implements BranchRecordsPort {
  private readonly http: AxiosInstance;

  constructor(baseURL = '/api/beta') {
    this.http = axios.create({ baseURL, headers: { 'x-client-type': 'bullpen-web' } });
  }

  async rename(branchId: string, name: string): Promise<void> {
    try {
      await this.http.patch(`/sandboxes/branches/${encodeURIComponent(branchId)}`, { name });
    } catch (error) {
      throw new Error(apiErrorMessage(error));
    }
  }
}
