import axios, { AxiosInstance, AxiosRequestConfig, isAxiosError } from 'axios';
import { interpretApiResponse } from '../../domain/api/api-response';
import { ApiRequestError } from '../../application/ports/api-request-error';
import type { CredentialsPort } from '../../application/ports/auth.port';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What an API client sends with every call and tells after it (the bearer token, the signed-in cookie's reading). */
export type ApiCredentials = Pick<CredentialsPort, 'devToken' | 'responseArrived'>;

export interface ApiClientOptions {
  readonly baseURL: string;
  readonly credentials?: ApiCredentials;
  /** Tests pass an axios adapter or a server's full URL; the browser uses the page's origin. */
  readonly axios?: AxiosRequestConfig;
}

/**
 * One platform API call over axios, read by the error model of spec 000 §8 (`interpretApiResponse`): the body is
 * parsed here (an unparseable one is an error quoting the URL, the data and the parser's error), every failure is an
 * ApiRequestError (no axios type leaves this module), a held dev token goes as `Authorization: Bearer`, with the
 * client-type header; after every answer the credentials are told (the signed-in cookie may have changed).
 */
export class ApiClient {
  private readonly http: AxiosInstance;

  constructor(private readonly options: ApiClientOptions) {
    this.http = axios.create({
      baseURL: options.baseURL,
      headers: { 'x-client-type': 'bullpen-web' },
      // Every status is an answer to read; the body is read as text and parsed below.
      validateStatus: () => true,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      ...options.axios,
    });
  }

  /** The call's `data`; undefined for 204 or a body without data. */
  async call<T>(method: ApiMethod, url: string, body?: unknown): Promise<T | undefined> {
    const token = this.options.credentials?.devToken();
    let response;
    try {
      response = await this.http.request<string>({ method, url, data: body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch (error) {
      this.options.credentials?.responseArrived();
      throw new ApiRequestError(0, isAxiosError(error) ? error.message : error instanceof Error ? error.message : String(error));
    }
    this.options.credentials?.responseArrived();
    const text = typeof response.data === 'string' ? response.data : response.data == null ? '' : JSON.stringify(response.data);
    let parsed: unknown;
    let unparseable: { data: string; error: string } | undefined;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        unparseable = { data: text, error: error instanceof Error ? error.message : String(error) };
      }
    }
    const fullUrl = `${this.options.baseURL}${url}`;
    const result = interpretApiResponse<T>({
      url: fullUrl,
      status: response.status,
      ...(parsed === undefined ? {} : { body: parsed }),
      ...(unparseable ? { unparseable } : {}),
    });
    if (!result.ok) throw ApiRequestError.from(result.error);
    return result.value;
  }

  /** A call whose answer must carry data. */
  async fetch<T>(method: ApiMethod, url: string, body?: unknown): Promise<T> {
    const value = await this.call<T>(method, url, body);
    if (value === undefined || value === null) throw new ApiRequestError(200, `No data returned by ${this.options.baseURL}${url}`);
    return value;
  }
}
