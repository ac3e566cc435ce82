import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@/shared/api/client';

export interface MockReply {
  status?: number;
  data?: unknown;
}

type Handler = MockReply | ((config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>);

/**
 * Answer the request client's calls from a table keyed by "METHOD /path".
 * Unknown calls fail like a dropped connection. Returns the list of sent configs.
 */
export function mockHttp(routes: Record<string, Handler>): InternalAxiosRequestConfig[] {
  const calls: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = async (config) => {
    calls.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const handler = routes[key];
    if (!handler) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = typeof handler === 'function' ? await handler(config) : handler;
    const status = reply.status ?? 200;
    const response = { data: reply.data, status, statusText: String(status), headers: new AxiosHeaders(), config, request: {} };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  return calls;
}

export const ok = <T>(data: T, msg = '') => ({ data: { code: 200, msg, data } });
export const fail = (code: number, msg = '') => ({ data: { code, msg, data: null } });
