import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * `content` drawn as a QR code, black on white with error correction M, as a data URL `width`
 * pixels wide: null until it is drawn, or when it could not be.
 */
export function useQrDataUrl(content: string | undefined, width: number) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!content) return;
    let live = true;
    QRCode.toDataURL(content, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((url) => live && setDataUrl(url))
      .catch(() => live && setDataUrl(null));
    return () => {
      live = false;
    };
  }, [content, width]);
  return dataUrl;
}
