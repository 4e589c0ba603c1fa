import { Button, List, Modal, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import {
  type InstallPlatform,
  installPlatform,
  promptInstall,
  subscribeInstallPrompt,
} from '../install/install-prompt';

type Dialog = 'ios' | 'other' | null;

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
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'ios' ? 'Add Arrive to your Home Screen' : 'Install Arrive'}
        centered
      >
        {dialog === 'ios' ? (
          <>
            <Text size="sm" mb="sm">
              Arrive installs straight from Safari, without the App Store, and takes less space than a store app.
            </Text>
            <List type="ordered" spacing="xs" size="sm">
              <List.Item>
                Tap the <strong>Share</strong> button (the square with an arrow) at the bottom of Safari.
              </List.Item>
              <List.Item>
                Scroll down and tap <strong>Add to Home Screen</strong>.
              </List.Item>
              <List.Item>
                Tap <strong>Add</strong>. Arrive now opens from your Home Screen like any app.
              </List.Item>
            </List>
          </>
        ) : (
          <>
            <Text size="sm" mb="sm">
              Arrive is a web app: you install it from your browser, not from an app store, and it keeps working on a
              weak connection.
            </Text>
            <List spacing="xs" size="sm">
              <List.Item>
                <strong>Chrome, Edge or Samsung Internet:</strong> open the browser menu (⋮) and choose{' '}
                <strong>Install app</strong> or <strong>Add to Home screen</strong>.
              </List.Item>
              <List.Item>
                <strong>iPhone or iPad:</strong> open this page in Safari, tap <strong>Share</strong>, then{' '}
                <strong>Add to Home Screen</strong>.
              </List.Item>
              <List.Item>
                <strong>Other browsers:</strong> keep using Arrive right here; everything works in the browser too.
              </List.Item>
            </List>
          </>
        )}
        <Button mt="md" fullWidth onClick={() => setDialog(null)}>
          Got it
        </Button>
      </Modal>
    </>
  );
}
