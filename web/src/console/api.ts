// The console's own client: the operator realm's `adminToken` header, the
// same envelope as the user app, and no user session anywhere near it.
import axios from 'axios';
import { useOperator } from './session';

export const SUCCESS_CODE = 200;

/** A refusal from the server: the envelope's code and its message. */
export class AdminApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg || `code ${code}`);
    this.name = 'AdminApiError';
  }
}

/** The session is missing or over (the envelope says 500, as in the user realm): sign in again. */
const SESSION_ENDED = new Set([500]);

const http = axios.create({
  baseURL: '',
  timeout: 30_000,
  headers: { 'Content-Type': 'application/json' },
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  const token = useOperator.getState().token;
  if (token) config.headers.set('adminToken', token);
  config.headers.set('language', useOperator.getState().language);
  return config;
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(method: string, url: string, params?: object, data?: unknown): Promise<T> {
  const res = await http.request<Envelope<T>>({ method, url, params, data });
  const body = res.data;
  if (typeof body !== 'object' || body === null || typeof body.code !== 'number') {
    throw new AdminApiError(res.status, `HTTP ${res.status}`);
  }
  if (body.code !== SUCCESS_CODE) {
    if (SESSION_ENDED.has(body.code)) useOperator.getState().signOut();
    throw new AdminApiError(body.code, body.msg);
  }
  return body.data;
}

export const adminApi = {
  get: <T>(url: string, params?: object) => call<T>('GET', url, params),
  post: <T>(url: string, data?: unknown, params?: object) => call<T>('POST', url, params, data ?? {}),
  put: <T>(url: string, data?: unknown) => call<T>('PUT', url, undefined, data ?? {}),
  delete: <T>(url: string, data?: unknown) => call<T>('DELETE', url, undefined, data ?? {}),
};

/**
 * A list page as the operator API answers it. The generated schema has one
 * such type per row (`Envelope_Page_<Row>`, each `{ rows: Row[]; total }`,
 * openapi-typescript writes no generics); this is that shape for any row,
 * so generic lists can take it (api.test.ts checks it against the schema).
 */
export interface AdminPage<T> {
  rows: T[];
  total: number;
}
