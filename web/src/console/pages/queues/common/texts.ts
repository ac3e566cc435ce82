// The texts of the queue and content pages, typed from their English files so
// a missing key fails the type check (the user app's typed `t` knows none of
// the console's keys).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type queuesEn from '../../../locales/en/queues.json';
import type contentEn from '../../../locales/en/content.json';
import { useOperator, type ConsoleLanguage } from '../../../session';

export type TextKey = keyof typeof queuesEn | keyof typeof contentEn;
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

export function useTexts(): { t: Translate; lang: ConsoleLanguage } {
  const { t } = useTranslation();
  const lang = useOperator((s) => s.language);
  const tr = useCallback<Translate>((key, values) => (t as unknown as (k: string, v?: object) => string)(key, values), [t]);
  return { t: tr, lang };
}
