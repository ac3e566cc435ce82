import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, Page } from '@/shared/ui';
import { LANGUAGES } from '@/shared/i18n/languages';
import { changeLanguage } from '@/shared/i18n/language-flow';
import { useSession } from '@/shared/session/session-store';
import { i18n } from '@/shared/i18n/i18n';

export default function LanguageListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSession((s) => s.language);
  // Native names come from the English bundle so they never get translated away.
  const native = i18n.getFixedT('en');
  const pick = async (code: string) => {
    await changeLanguage(code);
    navigate(-1);
  };
  return (
    <Page title={t('lang_title')} testId="screen-languages">
      <ul className="list" role="listbox" aria-label={t('lang_title')}>
        {LANGUAGES.map(({ code }) => {
          const selected = code === current;
          return (
            <li key={code}>
              <button type="button" role="option" aria-selected={selected} className={`list-item lang-item ${selected ? 'selected' : ''}`} onClick={() => pick(code)} data-testid={`lang-${code}`}>
                <span className="lang-code">{code.toUpperCase()}</span>
                <span className="list-main">
                  <span className="list-title" lang={code}>{native(`nativeName_${code}` as never)}</span>
                  <span className="list-sub">{t(`langName_${code}` as never)}</span>
                </span>
                {selected ? <Icon name="check" size={20} className="lang-tick" data-testid="lang-selected" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
