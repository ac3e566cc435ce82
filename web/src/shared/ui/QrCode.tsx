import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text` (an address, an invite link), drawn locally: the text never leaves the page. */
export function QrCode({ text, size = 176, testId }: { text: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b0e14', light: '#ffffff' } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div className="qr" style={{ width: size + 16, height: size + 16 }} data-testid={testId}>
      {src ? <img src={src} width={size} height={size} alt={text} /> : null}
    </div>
  );
}
