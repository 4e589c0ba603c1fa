import { Button, List, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './install-instructions.module.css';

export type InstallDialogVariant = 'ios' | 'other';

/**
 * How to install Arrive where the browser offers no install prompt: a closed native <dialog> in the
 * markup, opened and closed by the `install` enhancer (enhance/install-button.ts).
 */
export function InstallInstructions({ variant }: { variant: InstallDialogVariant }) {
  const titleId = useId();
  return (
    <dialog className={classes.dialog} aria-labelledby={titleId} data-install-dialog={variant}>
      <div className={classes.content}>
        <h2 id={titleId} className={classes.title}>
          {variant === 'ios' ? 'Add Arrive to your Home Screen' : 'Install Arrive'}
        </h2>
        {variant === 'ios' ? (
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
        <Button mt="md" fullWidth data-install-close>
          Got it
        </Button>
      </div>
    </dialog>
  );
}
