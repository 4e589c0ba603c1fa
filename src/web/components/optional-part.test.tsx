import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './optional-part';

function Listening() {
  return <p>listening</p>;
}

function Broken(): never {
  throw new Error('the listener failed');
}

function Page({ load, path }: { load: () => Promise<{ default: () => React.ReactNode }>; path: string }) {
  return (
    <div>
      <h1>The page at {path}</h1>
      <OptionalPart load={load} retryKey={path} />
    </div>
  );
}

describe('OptionalPart', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the part once its code has loaded', async () => {
    const load = vi.fn(async () => ({ default: Listening }));
    render(<Page load={load} path="/products" />);
    expect(await screen.findByText('listening')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when its code cannot be fetched, the page stays and the part is tried again on the next navigation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Listening });
    const { rerender } = render(<Page load={load} path="/products" />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'The page at /products' })).toBeInTheDocument();
    expect(screen.queryByText('listening')).toBeNull();

    rerender(<Page load={load} path="/order/history" />);
    expect(await screen.findByText('listening')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page at /order/history' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a part that fails while rendering leaves the page in place', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page load={async () => ({ default: Broken })} path="/wallet" />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'The page at /wallet' })).toBeInTheDocument();
  });
});
