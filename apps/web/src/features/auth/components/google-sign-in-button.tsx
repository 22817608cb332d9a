import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { loadScript } from '@/lib/load-script';

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type: 'standard';
          theme: 'outline';
          size: 'large';
          text: 'signin_with';
          locale: string;
          width: number;
        },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/** Google's own "Sign in with Google" button; its script loads only when this shows. */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const handleCredential = useEffectEvent((credential: string) => onCredential(credential));
  const locale = i18n.language;

  useEffect(() => {
    let cancelled = false;
    loadScript(GSI_SCRIPT)
      .then(() => {
        const element = container.current;
        const google = window.google;
        if (cancelled || !element || !google) {
          return;
        }
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => handleCredential(response.credential),
        });
        element.replaceChildren();
        google.accounts.id.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          locale,
          width: Math.min(element.clientWidth || 360, 400),
        });
      })
      .catch(() => {
        if (!cancelled) {
          setFailed(true);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, locale]);

  if (failed) {
    return (
      <Typography variant="body2" color="text.secondary" align="center">
        {t('error.googleUnavailable')}
      </Typography>
    );
  }
  return (
    <Box
      ref={container}
      data-testid="google-sign-in"
      sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }}
    />
  );
}
