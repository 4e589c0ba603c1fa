import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import {
  type InstallPlatform,
  installPlatform,
  promptInstall,
  subscribeInstallPrompt,
} from '../install/install-prompt';

type Dialog = 'ios' | 'other' | null;

// The explanation is needed by few visitors: its dialog code loads when asked for.
const InstallInstructions = lazy(() =>
  import('./install-instructions').then((m) => ({ default: m.InstallInstructions })),
);

/**
 * 'Download the app' (SPEC §1 only logs a line): opens the browser's install prompt where there is
 * one, shows the Add to Home Screen steps on iOS, and explains what to do elsewhere.
 */
export function DownloadAppButton() {
  const platform = useSyncExternalStore<InstallPlatform>(
    subscribeInstallPrompt,
    () => installPlatform(),
    () => 'other',
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState('');

  const onClick = async () => {
    console.info('[marketing] Download the app', { platform });
    setStatus('');
    if (platform === 'prompt') {
      const outcome = await promptInstall();
      if (outcome === 'accepted') setStatus('Arrive is being added to your home screen.');
      else if (outcome === 'dismissed') setStatus('No problem: you can install Arrive from this button any time.');
      else setDialog('other');
    } else if (platform === 'installed') {
      setStatus('Arrive is already installed on this device: open it from your home screen.');
    } else {
      setDialog(platform);
    }
  };

  return (
    <>
      <Button size="lg" onClick={onClick} aria-haspopup={platform === 'prompt' ? undefined : 'dialog'}>
        Download the app
      </Button>
      <Text role="status" size="sm" mt={status ? 'xs' : 0} c="dark.6">
        {status}
      </Text>
      {dialog && (
        <Suspense fallback={null}>
          <InstallInstructions dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
