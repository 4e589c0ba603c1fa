import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('the screen failed');
}

describe('RouteError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('in place of the whole layout, it is the page’s main landmark', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders([{ path: '*', element: <Broken />, errorElement: <RouteError standalone /> }]);
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { name: 'Something went wrong' }));
  });

  it('inside the layout (which has the main landmark), it adds none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders([{ path: '*', element: <Broken />, errorElement: <RouteError /> }]);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('offline, it says the screen needs a connection the first time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders([{ path: '*', element: <Broken />, errorElement: <RouteError standalone /> }]);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText(/needs a connection the first time it opens/)).toBeInTheDocument();
  });
});
