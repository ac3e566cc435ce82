// Language (English / 中文) and theme (dark / light), kept with the operator's tab.
import { useOperator } from '../session';
import { CIcon } from './icons';
import { useCt } from './useCt';

export function PrefsSwitch() {
  const { t } = useCt();
  const language = useOperator((s) => s.language);
  const theme = useOperator((s) => s.theme);
  const setLanguage = useOperator((s) => s.setLanguage);
  const setTheme = useOperator((s) => s.setTheme);
  return (
    <div className="c-prefs">
      <div className="c-seg" role="group" aria-label={t('shell.language')}>
        <button type="button" aria-pressed={language === 'en'} onClick={() => setLanguage('en')} data-testid="lang-en">
          EN
        </button>
        <button type="button" aria-pressed={language === 'zh'} onClick={() => setLanguage('zh')} data-testid="lang-zh">
          中文
        </button>
      </div>
      <button
        type="button"
        className="c-iconbtn"
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        aria-label={theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')}
        title={theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')}
        data-testid="theme-toggle"
      >
        <CIcon name={theme === 'dark' ? 'sun' : 'moon'} />
      </button>
    </div>
  );
}
