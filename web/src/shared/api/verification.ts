import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** codeType values (docs/api.md). */
export type CodeType = 'register' | 'bind' | 'forget' | 'unbind' | 'security';

/** POST /api/user/sendEmailCode ?codeType&email */
export async function sendEmailCode(codeType: CodeType, email: string): Promise<void> {
  await api.postQuery<null>('/api/user/sendEmailCode', { codeType, email });
}

/** POST /api/user/sendMobileCode ?codeType&phone */
export async function sendMobileCode(codeType: CodeType, phone: string): Promise<void> {
  await api.postQuery<null>('/api/user/sendMobileCode', { codeType, phone });
}

export interface CountryCode {
  iso: string;
  dialCode: string;
  name: string;
}

/** POST /api/user/getCountryCode */
export async function getCountryCodes(): Promise<CountryCode[]> {
  return (await api.postQuery<CountryCode[]>('/api/user/getCountryCode')).data ?? [];
}

export function useCountryCodes() {
  return useQuery({ queryKey: ['countryCodes'], queryFn: getCountryCodes, staleTime: Infinity });
}
