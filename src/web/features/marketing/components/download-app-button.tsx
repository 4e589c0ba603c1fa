import { Button, Text } from '@mantine/core';
import classes from './download-app-button.module.css';
import { InstallInstructions } from './install-instructions';

/**
 * 'Download the app'. Markup only: the `install` enhancer (enhance/install-button.ts)
 * opens the browser's install prompt, writes the status line, or opens one of the install dialogs.
 */
export function DownloadAppButton() {
  return (
    <div data-enhance="install">
      <Button size="lg" aria-haspopup="dialog" data-install-button>
        Download the app
      </Button>
      <Text role="status" size="sm" c="dimmed" className={classes.status} data-install-status />
      <InstallInstructions variant="ios" />
      <InstallInstructions variant="other" />
    </div>
  );
}
