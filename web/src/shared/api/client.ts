import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { containsChinese } from './chinese';
import type { Envelope } from './types';
import { signOut, useSession } from '../session/session-store';
import { toast } from '../ui/toast-store';
import { translate } from '../i18n/i18n';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show no toast for this call; the caller decides what the user sees. */
    silent?: boolean;
  }
}

export const SUCCESS_CODE = 200;
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_RELOAD_DELAY_MS = 10;

/** A business failure: the envelope's code was 0 or below. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg || `code ${code}`);
    this.name = 'ApiError';
  }
}

/** The request held Chinese characters and was never sent (spec 5). */
export class BlockedRequestError extends Error {
  constructor() {
    super('cannotInputChinese');
    this.name = 'BlockedRequestError';
  }
}

/** The session ended on the server (code 500, msg contains 'Token'). */
export class TokenExpiredError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = 'TokenExpiredError';
  }
}

/** Indirection so tests can observe the reload. */
export const browser = {
  reload: (): void => window.location.reload(),
};

export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
  // Any HTTP status other than 200 is a network anomaly (spec 8).
  validateStatus: (status) => status === 200,
});

http.interceptors.request.use((config) => {
  const lang = document.documentElement.getAttribute('lang') ?? '';
  config.headers.set('language', lang);
  config.headers.set('lang', lang);
  const token = useSession.getState().token;
  if (token) config.headers.set('satoken', token);
  if (containsChinese(config.params) || containsChinese(config.data)) {
    toast(translate('cannotInputChinese'), 'error');
    throw new BlockedRequestError();
  }
  return config;
});

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function handleTokenFailure(): void {
  signOut();
  setTimeout(() => browser.reload(), TOKEN_RELOAD_DELAY_MS);
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const body = response.data;
    if (!isEnvelope(body)) return response;
    const msg = typeof body.msg === 'string' ? body.msg : '';
    if (body.code === 500 && msg.includes('Token')) {
      handleTokenFailure();
      return Promise.reject(new TokenExpiredError(msg));
    }
    if (body.code > 0) return response;
    if (!response.config.silent) toast(msg || translate('System error'), 'error');
    return Promise.reject(new ApiError(body.code, msg, body.data));
  },
  (error: unknown) => {
    if (error instanceof BlockedRequestError || axios.isCancel(error)) return Promise.reject(error);
    const config = (error as AxiosError).config;
    if (!config?.silent) toast(translate('Network anomaly'), 'error');
    return Promise.reject(error);
  },
);

/** Send a request and resolve with the envelope; rejects on business failure, blocked input or transport error. */
export async function request<T = unknown>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  const response = await http.request<Envelope<T>>(config);
  return response.data;
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig) =>
    request<T>({ ...config, method: 'GET', url, params }),
  /** POST with query parameters (most spec calls put their input in the query). */
  postQuery: <T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig) =>
    request<T>({ ...config, method: 'POST', url, params }),
  /** POST with a JSON body. */
  postJson: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    request<T>({ ...config, method: 'POST', url, data }),
};

/** Data of a successful envelope, for query functions. */
export async function unwrap<T>(promise: Promise<Envelope<T>>): Promise<T> {
  return (await promise).data;
}
