import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { toDataURL } from 'qrcode';

interface QrImageProps {
  payload: string;
  alt: string;
  size?: number;
  testId?: string;
}

/** A QR code drawn in the browser from its payload (the VietQR string, a wallet address, a link). */
export function QrImage({ payload, alt, size = 220, testId }: QrImageProps) {
  const [drawn, setDrawn] = useState<{ payload: string; url: string } | null>(null);

  useEffect(() => {
    let current = true;
    toDataURL(payload, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) {
          setDrawn({ payload, url });
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [payload, size]);

  // The previous code stays until the new one is drawn, so typing an amount does not flicker.
  if (!drawn) {
    return <Skeleton variant="rectangular" width={size} height={size} sx={{ borderRadius: 1 }} />;
  }
  return (
    <Box
      component="img"
      src={drawn.url}
      alt={alt}
      data-testid={testId}
      data-payload={drawn.payload}
      sx={{
        width: size,
        height: size,
        maxWidth: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
        p: 0.5,
      }}
    />
  );
}
