import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubMatchMedia } from '../test/render';
import { DownloadAppButton } from './download-app-button';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('DownloadAppButton', () => {
  beforeEach(() => {
    stubMatchMedia(false);
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the Add to Home Screen steps on an iPhone, and logs the click', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphone);
    renderWithApp(<DownloadAppButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Arrive to your Home Screen' });
    expect(dialog).toHaveTextContent('Add to Home Screen');
    expect(dialog).toHaveTextContent('Share');
    expect(console.info).toHaveBeenCalledWith('[marketing] Download the app', { platform: 'ios' });
  });

  it('explains how to install in a browser that offers no prompt', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(firefox);
    renderWithApp(<DownloadAppButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Arrive' });
    expect(dialog).toHaveTextContent('Install app');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when Arrive already runs as an installed app', () => {
    stubMatchMedia(false);
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(display-mode: standalone)' });
    renderWithApp(<DownloadAppButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the app' }));
    expect(screen.getByRole('status')).toHaveTextContent('already installed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
