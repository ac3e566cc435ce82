import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui';
import { uploadFile } from '@/shared/api/upload-file';

type State = { kind: 'empty' } | { kind: 'uploading'; percent: number } | { kind: 'done'; url: string } | { kind: 'failed' };

/** Picks an image, uploads it at once and reports the stored url. */
export function ImageUpload({ label, onUploaded, testId }: { label: string; onUploaded: (url: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'empty' });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreview(file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
    setState({ kind: 'uploading', percent: 0 });
    onUploaded(null);
    try {
      const uploaded = await uploadFile(file, file.name, (percent) => setState({ kind: 'uploading', percent }));
      setState({ kind: 'done', url: uploaded.url });
      onUploaded(uploaded.url);
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <div className={`upload upload-${state.kind}`} data-testid={testId} data-state={state.kind}>
      <button type="button" className="upload-box" onClick={() => input.current?.click()} disabled={state.kind === 'uploading'}>
        {preview ? <img src={preview} alt="" className="upload-preview" /> : null}
        <span className="upload-inner">
          {state.kind === 'uploading' ? (
            <span className="upload-progress" data-testid={`${testId}-progress`}>
              {t('kyc_uploading', { percent: state.percent })}
              <span className="upload-bar">
                <span style={{ width: `${state.percent}%` }} />
              </span>
            </span>
          ) : state.kind === 'done' ? (
            <span className="chip chip-success">
              <Icon name="check" size={12} /> {t('kyc_uploaded')}
            </span>
          ) : state.kind === 'failed' ? (
            <span className="chip chip-danger">{t('kyc_uploadFailed')}</span>
          ) : (
            <>
              <Icon name="upload" size={26} />
              <span className="small">{t('kyc_tapUpload')}</span>
            </>
          )}
        </span>
      </button>
      <span className="upload-label">{label}</span>
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp,image/gif,application/pdf" hidden onChange={(e) => pick(e.target.files?.[0])} data-testid={`${testId}-input`} />
    </div>
  );
}
