import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstScreen } from './use-after-first-screen';

function Probe({ read }: { read: () => Promise<string> }) {
  const data = useQuery({ queryKey: ['probe'], queryFn: read }).data;
  const ready = useAfterFirstScreen();
  return <p data-testid="probe">{`${data ?? 'reading'} / ${ready ? 'after' : 'first screen'}`}</p>;
}

describe('useAfterFirstScreen', () => {
  it('turns true only once the screen’s first reads have answered, and stays true', async () => {
    let answer: (value: string) => void = () => {};
    const read = () => new Promise<string>((resolve) => (answer = resolve));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Probe read={read} />
      </QueryClientProvider>,
    );
    // The page has loaded (jsdom) and the browser is idle, but a read is on its way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('probe')).toHaveTextContent('reading / first screen');
    await act(async () => answer('catalogue'));
    expect(await screen.findByText('catalogue / after')).toBeInTheDocument();
    // A later read does not take it back.
    act(() => {
      void client.invalidateQueries({ queryKey: ['probe'] });
    });
    expect(client.isFetching()).toBe(1);
    expect(screen.getByTestId('probe')).toHaveTextContent('catalogue / after');
    await act(async () => answer('catalogue again'));
    expect(await screen.findByText('catalogue again / after')).toBeInTheDocument();
  });
});
