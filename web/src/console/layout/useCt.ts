// The console's `t`: keys live in the console's own locale files, which the
// user app's typed keys (en.json) do not know; ConsoleKey types them instead.
import { useTranslation } from 'react-i18next';
import type { ConsoleKey } from '../keys';
import { useOperator, type ConsoleLanguage } from '../session';

export type CT = (key: ConsoleKey, options?: Record<string, unknown>) => string;

export function useCt(): { t: CT; lang: ConsoleLanguage } {
  const { t } = useTranslation();
  const lang = useOperator((s) => s.language);
  return { t: t as unknown as CT, lang };
}
