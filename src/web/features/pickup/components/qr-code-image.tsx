import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The order's QR code, black on white with a wide quiet zone: what a counter camera reads best
 * from a phone screen, even a dim one. Error correction M keeps the modules large.
 */
export function QrCodeImage({ value, size, label }: { value: string; size: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: size * 2,
      color: { dark: '#000000', light: '#ffffff' },
    }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src) return <Skeleton width={size} height={size} aria-label="Drawing the QR code" />;
  return (
    <img
      src={src}
      alt={label}
      width={size}
      height={size}
      style={{ display: 'block', background: '#fff', imageRendering: 'pixelated', maxWidth: '100%', height: 'auto' }}
    />
  );
}
