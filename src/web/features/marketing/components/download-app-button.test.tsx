import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { enhanceInstallButton } from '../enhance/install-button';
import { captureInstallPrompt, installPlatform, promptInstall } from '../install/install-prompt';
import { stubMatchMedia } from '../test/match-media';
import { DownloadAppButton } from './download-app-button';

// The real platform logic, with a way to pretend the browser's install prompt answers.
vi.mock('../install/install-prompt', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../install/install-prompt')>();
  return {
    ...actual,
    installPlatform: vi.fn(actual.installPlatform),
    promptInstall: vi.fn(actual.promptInstall),
  };
});

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** jsdom's <dialog> has no showModal() / close(): these stand in for the browser's. */
function stubDialog() {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  const showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  const close = vi.fn(function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  });
  Object.assign(proto, { showModal, close });
  return {
    showModal,
    restore: () => {
      delete proto.showModal;
      delete proto.close;
    },
  };
}

const cleanups: Array<() => void> = [];
function renderButton() {
  renderWithProviders(<DownloadAppButton />);
  const button = screen.getByRole('button', { name: 'Download the app' });
  const root = button.closest<HTMLElement>('[data-enhance]') as HTMLElement;
  const cleanup = enhanceInstallButton(root);
  cleanups.push(cleanup);
  return { root, button, cleanup };
}

describe('DownloadAppButton', () => {
  let dialogs: ReturnType<typeof stubDialog>;
  beforeEach(() => {
    stubMatchMedia(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(firefox);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    dialogs = stubDialog();
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    dialogs.restore();
    vi.restoreAllMocks();
    vi.mocked(installPlatform).mockReset();
    vi.mocked(promptInstall).mockReset();
  });

  it('renders the button, an empty status line and both install dialogs closed', () => {
    const { root, button } = renderButton();
    expect(root).toHaveAttribute('data-enhance', 'install');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const closed = screen.getAllByRole('dialog', { hidden: true });
    expect(closed.map((d) => d.tagName)).toEqual(['DIALOG', 'DIALOG']);
    expect(closed.every((d) => !d.hasAttribute('open'))).toBe(true);
  });

  it('shows the Add to Home Screen steps on an iPhone, and logs the click', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphone);
    const { button } = renderButton();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Add Arrive to your Home Screen' });
    expect(dialogs.showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveTextContent('Add to Home Screen');
    expect(dialog).toHaveTextContent('Share');
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toHaveFocus();
    expect(console.info).toHaveBeenCalledWith('[marketing] Download the app', { platform: 'ios' });
  });

  it('explains how to install in a browser that offers no prompt; Got it closes and returns focus', () => {
    const { button } = renderButton();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Install Arrive' });
    expect(dialog).toHaveTextContent('Install app');
    expect(console.info).toHaveBeenCalledWith('[marketing] Download the app', { platform: 'other' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes the dialog with Escape and with a click on the backdrop', () => {
    const { button } = renderButton();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Got it' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Install Arrive' });
    fireEvent.click(within(dialog).getByText(/keeps working on a weak connection/));
    expect(dialog).toHaveAttribute('open');
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still opens and closes the dialog where the browser has no showModal()', () => {
    dialogs.restore();
    const { button } = renderButton();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Install Arrive' });
    expect(dialog).toHaveAttribute('data-fallback');
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('data-fallback');
    expect(button).toHaveFocus();
  });

  it('says so when Arrive already runs as an installed app', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(display-mode: standalone)' });
    const { button } = renderButton();
    expect(button).not.toHaveAttribute('aria-haspopup');
    fireEvent.click(button);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Arrive is already installed on this device: open it from your home screen.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(console.info).toHaveBeenCalledWith('[marketing] Download the app', { platform: 'installed' });
  });

  it('opens the browser’s own install prompt once it has offered one, and reports a dismissal', async () => {
    const { button } = renderButton();
    const target = new EventTarget() as Window;
    captureInstallPrompt(target);
    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    target.dispatchEvent(offer);
    // The prompt is the browser's, not a dialog of ours.
    expect(button).not.toHaveAttribute('aria-haspopup');
    fireEvent.click(button);
    expect(console.info).toHaveBeenCalledWith('[marketing] Download the app', { platform: 'prompt' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No problem: you can install Arrive from this button any time.',
      ),
    );
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Used up: the next click explains instead.
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('reports an accepted install', async () => {
    vi.mocked(installPlatform).mockReturnValue('prompt');
    vi.mocked(promptInstall).mockResolvedValue('accepted');
    const { button } = renderButton();
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Arrive is being added to your home screen.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains instead when the prompt is gone by the time it is asked for', async () => {
    vi.mocked(installPlatform).mockReturnValue('prompt');
    vi.mocked(promptInstall).mockResolvedValue('unavailable');
    const { button } = renderButton();
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Install Arrive' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('does nothing once cleaned up', () => {
    const { button, cleanup } = renderButton();
    cleanup();
    fireEvent.click(button);
    expect(console.info).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
