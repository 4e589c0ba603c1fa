import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { transactionsFixture, walletFixture } from '../test/fixtures';
import { WalletScreen } from './wallet-screen';

const wallet = walletFixture;
const transactions = transactionsFixture;

afterEach(() => {
  vi.unstubAllGlobals();
});

// user-event typing is slow on a busy 2-core machine: give each journey room.
describe('wallet screen', { timeout: 20_000 }, () => {
  it('shows a loader, then the card with the balance in naira and the transactions', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: transactions }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    expect(screen.getByLabelText('Loading wallet')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    expect(screen.getByText('4829301756')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Wallet transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sandbox Sender');
    expect(rows[0]).toHaveTextContent('credit');
    expect(rows[0]).toHaveTextContent('completed');
    expect(rows[0]).toHaveTextContent('04/03/2026 · Test Bank');
    expect(rows[0]).toHaveTextContent('+₦400.00');
    expect(rows[1]).toHaveTextContent('debit');
    // The order's number wraps whole onto the next line on a phone, never cut off or split.
    expect(rows[1]).toHaveTextContent('Order #ORD123');
    expect(within(rows[1] as HTMLElement).getByText('#ORD123')).toHaveStyle({ whiteSpace: 'nowrap' });
    // 23:30 UTC is the next day in Lagos.
    expect(rows[1]).toHaveTextContent('06/03/2026');
  });

  it('reads the balance again when the page is looked at again (back from the bank’s app)', async () => {
    const { calls } = fakeApi({
      'GET wallet/client': [
        { status: 200, body: { wallet } },
        { status: 200, body: { wallet: { ...wallet, balance: wallet.balance + 5_000_000 } } },
      ],
      'GET wallet/transactions': [
        { status: 200, body: transactions },
        { status: 200, body: transactions },
      ],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    // The client leaves for the bank's app, sends ₦50,000 to the wallet's account, comes back.
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦62,500.50'));
    // The two reads go out together but answer one after the other.
    await waitFor(() => expect(calls.filter((c) => c.path === 'wallet/transactions')).toHaveLength(2));
    focusManager.setFocused(undefined);
  });

  it('toggles the card between the wallet number and the bank details', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    const toggle = await screen.findByRole('button', { name: 'Show bank details' });
    expect(screen.queryByText('9123456780')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByText('Wema Bank')).toBeInTheDocument();
    expect(screen.getByText('9123456780')).toBeInTheDocument();
    expect(screen.getByText('ARRIVE/ADA OBI')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.queryByText('4829301756')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show wallet number' }));
    expect(screen.getByText('4829301756')).toBeInTheDocument();
  });

  it('has the four tabs, Withdraw and Transfer disabled', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    expect(await screen.findByRole('tab', { name: 'Transactions' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'AddFund' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Transfer' })).toBeDisabled();
  });

  it('opens AddFund with the amount a "Top up ₦X" link carries', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet?tab=add-fund&amount=1912500' });
    expect(await screen.findByRole('tab', { name: 'AddFund' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText(/Amount/)).toHaveValue('₦19,125');
  });

  it('adds funds: amount, confirm (disabled at 0), then the payment redirect with its state', async () => {
    const { calls } = fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
      'POST wallet/add_fund': [
        {
          status: 200,
          body: {
            authorizationUrl: 'http://localhost/sandbox/checkout/abc',
            paymentReference: 'ARV_ref',
            accessCode: 'abc',
            paymentNumber: 'PAY123',
          },
        },
      ],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    await userEvent.click(await screen.findByRole('tab', { name: 'AddFund' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.type(amount, '2500.5');
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(screen.getByTestId('confirm-amount')).toHaveTextContent('₦2,500.50');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Amount' }));
    await userEvent.clear(screen.getByRole('textbox', { name: /Amount/ }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '2500.5');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm amount' }));

    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/payment/redirect');
    expect(JSON.parse(location.getAttribute('data-state') ?? 'null')).toEqual({
      purpose: 'FundWallet',
      paymentNumber: 'PAY123',
      ref: 'ARV_ref',
      accessCode: 'abc',
      authorizationUrl: 'http://localhost/sandbox/checkout/abc',
    });
    const post = calls.find((c) => c.path === 'wallet/add_fund');
    expect(post?.body).toEqual({ amount: 250_050 });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
  });
});

describe('create-wallet flow', { timeout: 20_000 }, () => {
  it("starts from the client's profile: the account is opened in their name", async () => {
    fakeApi({ 'GET wallet/client': [{ status: 200, body: { wallet: null } }] });
    renderWithProviders(
      <WalletScreen owner={{ firstname: 'Bola', lastname: 'Adeyemi', email: 'bola@example.com' }} />,
      {
        route: '/wallet',
        path: '/wallet',
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Bola');
    expect(screen.getByRole('textbox', { name: /Surname/ })).toHaveValue('Adeyemi');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('bola@example.com');
  });

  it('goes from the intro to the form; Continue needs consent; creates the wallet', async () => {
    const { calls } = fakeApi({
      'GET wallet/client': [
        { status: 200, body: { wallet: null } },
        { status: 200, body: { wallet } },
      ],
      'POST wallet/create': [{ status: 200, body: wallet }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Obi');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    expect(calls.find((c) => c.path === 'wallet/create')?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada@example.com',
      consentGiven: true,
    });
  });

  it('names missing fields without calling the server, and shows the failure message', async () => {
    const { calls } = fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet: null } }],
      'POST wallet/create': [{ status: 502, body: { message: 'down', status: 502, type: 'PaymentGatewayError' } }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter your surname')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'wallet/create')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Obi');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('something went wrong, pls try again');
    await waitFor(() => expect(calls.filter((c) => c.path === 'wallet/create')).toHaveLength(1));
  });

  it('says when the email already belongs to another wallet', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet: null } }],
      'POST wallet/create': [
        {
          status: 409,
          body: { message: 'This email is already used by another wallet', status: 409, type: 'Conflict' },
        },
      ],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Obi');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'taken@example.com');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already used by another wallet');
  });

  it('reads a comma as thousands and keeps a cleared amount empty, so the next digits are the amount', async () => {
    fakeApi({
      'GET wallet/client': [{ status: 200, body: { wallet } }],
      'GET wallet/transactions': [{ status: 200, body: [] }],
    });
    renderWithProviders(<WalletScreen />, { route: '/wallet', path: '/wallet' });
    await userEvent.click(await screen.findByRole('tab', { name: 'AddFund' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    // As Nigerians write a thousand: not ₦1.00.
    await userEvent.type(amount, '1,000');
    expect(amount).toHaveValue('₦1,000');
    // Cleared to type another amount, the field is empty, not ₦0 (whose 0 took the next digit
    // behind it on a phone: 2000 became ₦20,000).
    await userEvent.clear(amount);
    expect(amount).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.type(amount, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('confirm-amount')).toHaveTextContent('₦2,000.00');
  });
});
