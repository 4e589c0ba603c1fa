import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DataRightsPanel } from './data-rights-panel';

afterEach(() => vi.unstubAllGlobals());

describe('deleting the account from the profile screen', () => {
  it('asks for the typed word, shows why the server refused, and sends one keyed request', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    let answer = refusal(
      409,
      'Conflict',
      'Your wallet still holds ₦25.00. Spend it or ask the gas center for a refund before deleting your account.',
      {
        reason: 'WalletBalance',
      },
    );
    fakeApi({
      'POST client/me/delete': ({ body, headers }: FakeRequest) => {
        sent.push({ body, key: headers.get('idempotency-key') });
        return answer;
      },
    });
    renderWithProviders(<DataRightsPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const confirm = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your wallet still holds ₦25.00');
    expect(sent).toEqual([{ body: { confirmation: 'delete' }, key: expect.any(String) }]);

    answer = { status: 200, body: { deleted: true, deletedAt: new Date().toISOString() } } as never;
    await user.click(confirm);
    await waitFor(() => expect(sent).toHaveLength(2));
    // A new attempt after a refusal is a new request, not a replay of the refused one.
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });
});
