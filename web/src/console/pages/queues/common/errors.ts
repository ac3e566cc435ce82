// A refusal as the operator reads it: the server's own message (it is sent in
// the operator's language, the `language` header the client sets) and its code.
import { AdminApiError } from '../../../api';
import type { Translate } from './texts';

export interface Failure {
  text: string;
  code: number | null;
}

export function failure(e: unknown, t: Translate): Failure {
  if (e instanceof AdminApiError) {
    // A positive code is an HTTP status: no envelope came back.
    if (e.code > 0 && e.code !== 200 && e.code !== 500) return { text: t('common.error.http', { status: e.code }), code: null };
    return { text: e.msg || t('common.error.code', { code: e.code }), code: e.code };
  }
  return { text: t('common.error.network'), code: null };
}
