// The texts of the queue and content pages: the console's typed keys, with
// values limited to strings and numbers.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleKey } from '../../../keys';
import { useOperator, type ConsoleLanguage } from '../../../session';

export type TextKey = ConsoleKey;
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

export function useTexts(): { t: Translate; lang: ConsoleLanguage } {
  const { t } = useTranslation();
  const lang = useOperator((s) => s.language);
  const tr = useCallback<Translate>((key, values) => (t as unknown as (k: string, v?: object) => string)(key, values), [t]);
  return { t: tr, lang };
}
