import { Button, List, Modal, Text } from '@mantine/core';

export type InstallDialog = 'ios' | 'other';

/** How to install Arrive where the browser offers no install prompt (loaded on first use). */
export function InstallInstructions({ dialog, onClose }: { dialog: InstallDialog; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
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
            Arrive is a web app: you install it from your browser, not from an app store, and it keeps working on a weak
            connection.
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
      <Button mt="md" fullWidth onClick={onClose}>
        Got it
      </Button>
    </Modal>
  );
}
