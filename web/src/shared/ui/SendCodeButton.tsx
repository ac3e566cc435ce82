import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_COUNTDOWN_S = 60;

/** 'Send code' with a 60 s countdown after a successful send. onSend resolves true when the code went out. */
export function SendCodeButton({ onSend, disabled, testId = 'send-code' }: { onSend: () => Promise<boolean>; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const click = async () => {
    setBusy(true);
    try {
      if (await onSend()) setSeconds(CODE_COUNTDOWN_S);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="field-action" disabled={disabled || busy || seconds > 0} onClick={click} data-testid={testId}>
      {seconds > 0 ? t('resendIn', { seconds }) : t('sendCode')}
    </button>
  );
}
