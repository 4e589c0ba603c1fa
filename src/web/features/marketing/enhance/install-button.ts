import { installPlatform, promptInstall, subscribeInstallPrompt } from '../install/install-prompt';
import type { Enhancer } from './types';

// One live enhancement per button: attaching again replaces the previous one.
const active = new WeakMap<HTMLElement, () => void>();

/**
 * 'Download the app', on the markup of download-app-button.tsx: opens
 * the browser's install prompt where there is one, says so when Arrive is installed already, and
 * otherwise opens the dialog that explains how to install (the iOS steps, or the general ones).
 */
export const enhanceInstallButton: Enhancer = (root) => {
  active.get(root)?.();

  const button = root.querySelector<HTMLButtonElement>('[data-install-button]');
  const status = root.querySelector<HTMLElement>('[data-install-status]');
  const dialogs = [...root.querySelectorAll<HTMLDialogElement>('dialog[data-install-dialog]')];
  if (!button) return () => {};
  let detached = false;

  const say = (message: string) => {
    if (status) status.textContent = message;
  };

  // Only the dialog variants open a dialog; the browser's own prompt is not ours to announce.
  const syncPopup = () => {
    const platform = installPlatform();
    if (platform === 'ios' || platform === 'other') button.setAttribute('aria-haspopup', 'dialog');
    else button.removeAttribute('aria-haspopup');
  };

  const open = (variant: 'ios' | 'other') => {
    const dialog = dialogs.find((d) => d.dataset.installDialog === variant);
    if (!dialog || dialog.hasAttribute('open')) return;
    if (typeof dialog.showModal === 'function') {
      dialog.showModal();
    } else {
      // A browser without <dialog> (Safari before 15.4): shown as an overlay by the CSS.
      dialog.setAttribute('open', '');
      dialog.setAttribute('data-fallback', '');
    }
    dialog.querySelector<HTMLElement>('[data-install-close]')?.focus();
  };

  const close = (dialog: HTMLDialogElement) => {
    if (!dialog.hasAttribute('open')) return;
    if (typeof dialog.close === 'function' && !dialog.hasAttribute('data-fallback')) {
      dialog.close(); // fires 'close', which returns focus
    } else {
      dialog.removeAttribute('open');
      dialog.removeAttribute('data-fallback');
      button.focus();
    }
  };

  const onClick = async () => {
    const platform = installPlatform();
    console.info('[marketing] Download the app', { platform });
    say('');
    if (platform === 'prompt') {
      const outcome = await promptInstall();
      if (detached) return;
      if (outcome === 'accepted') say('Arrive is being added to your home screen.');
      else if (outcome === 'dismissed') say('No problem: you can install Arrive from this button any time.');
      else open('other');
    } else if (platform === 'installed') {
      say('Arrive is already installed on this device: open it from your home screen.');
    } else {
      open(platform);
    }
  };

  const onDialogClick = (event: MouseEvent) => {
    const dialog = event.currentTarget as HTMLDialogElement;
    const target = event.target instanceof Element ? event.target : null;
    // 'Got it', or a click on the backdrop (which lands on the dialog itself, outside its content).
    if (target === dialog || target?.closest('[data-install-close]')) close(dialog);
  };
  const onDialogKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close(event.currentTarget as HTMLDialogElement);
  };
  const onDialogClose = () => button.focus();

  button.addEventListener('click', onClick);
  for (const dialog of dialogs) {
    dialog.addEventListener('click', onDialogClick);
    dialog.addEventListener('keydown', onDialogKeyDown);
    dialog.addEventListener('close', onDialogClose);
  }
  const unsubscribe = subscribeInstallPrompt(syncPopup);

  const detach = () => {
    detached = true;
    button.removeEventListener('click', onClick);
    for (const dialog of dialogs) {
      dialog.removeEventListener('click', onDialogClick);
      dialog.removeEventListener('keydown', onDialogKeyDown);
      dialog.removeEventListener('close', onDialogClose);
    }
    unsubscribe();
    if (active.get(root) === detach) active.delete(root);
  };
  active.set(root, detach);

  syncPopup();
  return detach;
};
