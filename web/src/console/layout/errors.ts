// A failure as the operator reads it, in their language.
import { AdminApiError } from '../api';
import { CODES } from '../codes';
import type { CT } from './useCt';
import type { ConsoleKey } from '../keys';

const OWN_TEXT: Partial<Record<number, ConsoleKey>> = {
  [CODES.adminTotpRequired]: 'shell.error.totpRequired',
  [CODES.adminTotpInvalid]: 'shell.error.totpInvalid',
  [CODES.adminTotpEnrolmentRequired]: 'shell.error.enrolmentRequired',
  [CODES.adminTotpMandatory]: 'shell.error.totpMandatory',
  [CODES.forbidden]: 'shell.error.forbidden',
  [CODES.reasonRequired]: 'shell.error.reasonRequired',
  [CODES.invalidState]: 'shell.error.invalidState',
};

export function errorText(e: unknown, t: CT): string {
  if (e instanceof AdminApiError) {
    const own = OWN_TEXT[e.code];
    if (own) return t(own);
    // The server translated its message into the operator's language (the `language` header).
    if (e.code > 0 && e.code !== CODES.sessionEnded) return t('shell.error.http', { status: e.code });
    return e.msg || t('shell.error.generic', { code: e.code });
  }
  return t('shell.error.network');
}

export function isCode(e: unknown, code: number): boolean {
  return e instanceof AdminApiError && e.code === code;
}
