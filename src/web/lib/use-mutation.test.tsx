import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingButton } from '../components/loading-button';
import { renderWithProviders } from '../test/render';
import { useMutation } from './use-mutation';

/** A call the test answers when it wants (a slow network). */
function slowCalls() {
  const answers: ((value: string) => void)[] = [];
  const send = vi.fn(
    (_: { orderNumber: string }) =>
      new Promise<string>((resolve) => {
        answers.push(resolve);
      }),
  );
  const answerAll = (value: string) => {
    for (const answer of answers.splice(0)) answer(value);
  };
  return { send, answerAll };
}

function CancelButton({
  send,
  orderNumber,
  onDone,
}: {
  send: (v: { orderNumber: string }) => Promise<string>;
  orderNumber: string;
  onDone: (v: string) => void;
}) {
  const cancel = useMutation({ mutationFn: send });
  return (
    <LoadingButton loading={cancel.isPending} onClick={() => cancel.mutate({ orderNumber }, { onSuccess: onDone })}>
      Yes, cancel order
    </LoadingButton>
  );
}

/** Draws nothing: hands its mutation's mutateAsync to the test. */
function Holder({
  send,
  take,
}: {
  send: (v: { orderNumber: string }) => Promise<string>;
  take: (mutateAsync: (v: { orderNumber: string }) => Promise<string>) => void;
}) {
  const mutation = useMutation({ mutationFn: send });
  take(mutation.mutateAsync);
  return null;
}

describe('useMutation', () => {
  it('sends a call once when the button is tapped twice before it shows Loading...', async () => {
    const { send, answerAll } = slowCalls();
    const onDone = vi.fn();
    renderWithProviders(<CancelButton send={send} orderNumber="ARV-1" onDone={onDone} />);
    const button = screen.getByRole('button', { name: 'Yes, cancel order' });
    // Two taps in the same moment: React has not drawn the pending state between them.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Loading...'));
    answerAll('cancelled');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledTimes(1);
    // Once answered, the same call can be sent again (a retry).
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    answerAll('cancelled');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
  });

  it('sends calls with different variables, and answers the same call on its way with its promise', async () => {
    const { send, answerAll } = slowCalls();
    let send3: ((v: { orderNumber: string }) => Promise<string>) | undefined;
    renderWithProviders(<Holder send={send} take={(mutateAsync) => (send3 = mutateAsync)} />);
    if (!send3) throw new Error('not rendered');
    // A list's rows sharing one hook: another order is another call.
    const first = send3({ orderNumber: 'ARV-1' });
    const again = send3({ orderNumber: 'ARV-1' });
    const other = send3({ orderNumber: 'ARV-2' });
    expect(again).toBe(first);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    answerAll('done');
    await expect(other).resolves.toBe('done');
    await expect(first).resolves.toBe('done');
    expect(send.mock.calls.map(([v]) => v.orderNumber)).toEqual(['ARV-1', 'ARV-2']);
  });

  it('lets a failed call be sent again', async () => {
    const send = vi
      .fn<(v: { orderNumber: string }) => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('paid');
    let pay: ((v: { orderNumber: string }) => Promise<string>) | undefined;
    renderWithProviders(<Holder send={send} take={(mutateAsync) => (pay = mutateAsync)} />);
    await expect(pay?.({ orderNumber: 'ARV-3' })).rejects.toThrow('offline');
    await expect(pay?.({ orderNumber: 'ARV-3' })).resolves.toBe('paid');
    expect(send).toHaveBeenCalledTimes(2);
  });
});
