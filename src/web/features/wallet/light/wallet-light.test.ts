import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../../lib/local-db';
import { fakeApi } from '../../../test/fake-api';
import { transactionsFixture, walletFixture } from '../test/fixtures';
import { readWallet, runWallet, walletAddressAsksForApp } from './wallet-light';

const wallet = walletFixture;
// The second one still waiting: its status dot says so.
const transactions = transactionsFixture.map((t, i) => (i === 1 ? { ...t, status: 'pending' as const } : t));

async function start(runApp = vi.fn(() => Promise.resolve())) {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><h1>Wallet</h1></div></main>';
  const screenElement = document.querySelector<HTMLElement>('#main > div') as HTMLElement;
  const read = await readWallet();
  const shown = read.wallet.data.wallet;
  if (!shown) throw new Error('no wallet');
  const cleanups: (() => void)[] = [];
  runWallet({
    screen: screenElement,
    wallet: { ...read.wallet, data: { wallet: shown } },
    transactions: read.transactions,
    runApp,
    cleanups,
  });
  return { runApp, screenElement, cleanups };
}

beforeEach(async () => {
  await localDb.orders.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe("the wallet's first view", () => {
  it('draws the card and the transactions as the app does, and answers without the app', async () => {
    fakeApi({
      'GET wallet/client': { status: 200, body: { wallet } },
      'GET wallet/transactions': { status: 200, body: transactions },
    });
    const { runApp, screenElement } = await start();
    expect(screen.getByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Wallet card' });
    expect(within(card).getByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    expect(within(card).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(card).getByText('4829301756')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Wallet transactions' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Credit ₦400.00', 'Debit ₦1,200.00']);
    expect(rows[0]).toHaveTextContent(/Sandbox Sender.*credit.*completed.*Test Bank.*\+₦400\.00/);
    expect(rows[1]).toHaveTextContent(/Order #ORD123.*debit.*pending.*−₦1,200\.00/);
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'wallet-tab-transactions');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screenElement).not.toHaveAttribute('aria-busy');
    expect(runApp).not.toHaveBeenCalled();
  });

  it('shows the bank details to transfer into and back, and copies a number', async () => {
    fakeApi({
      'GET wallet/client': { status: 200, body: { wallet } },
      'GET wallet/transactions': { status: 200, body: [] },
    });
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { runApp } = await start();
    expect(screen.getByText(/No transactions yet\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show bank details' }));
    const bank = screen.getByLabelText('Bank details');
    expect(bank).toHaveTextContent('Wema Bank');
    expect(bank).toHaveTextContent('9123456780');
    expect(bank).toHaveTextContent('ARRIVE/ADA OBI');
    expect(screen.getByRole('button', { name: 'Show wallet number' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show wallet number' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(writeText).toHaveBeenCalledWith('9123456780');
    expect(await screen.findByRole('button', { name: 'account number copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show wallet number' }));
    expect(screen.getByText('4829301756')).toBeInTheDocument();
    expect(runApp).not.toHaveBeenCalled();
  });

  it('AddFund hands the page to the app with that tab named in the address', async () => {
    fakeApi({
      'GET wallet/client': { status: 200, body: { wallet } },
      'GET wallet/transactions': { status: 200, body: transactions },
    });
    window.history.replaceState(null, '', '/wallet');
    const { runApp } = await start();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'AddFund' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe('/wallet?tab=add-fund');
    expect(walletAddressAsksForApp(window.location.search)).toBe(true);
    expect(walletAddressAsksForApp('')).toBe(false);
    expect(walletAddressAsksForApp('?amount=150000')).toBe(true);
  });

  it('AddFund failing to load the app leaves the address and the tab as they were', async () => {
    fakeApi({
      'GET wallet/client': { status: 200, body: { wallet } },
      'GET wallet/transactions': { status: 200, body: transactions },
    });
    window.history.replaceState(null, '', '/wallet');
    const { runApp } = await start(vi.fn(() => Promise.reject(new Error('offline'))));
    await userEvent.setup().click(screen.getByRole('tab', { name: 'AddFund' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'AddFund' })).not.toHaveAttribute('aria-busy');
  });

  it('reads the wallet again while shown, so a transfer appears without a reload', async () => {
    const balances = [1_250_050, 1_290_050];
    const calls = fakeApi({
      'GET wallet/client': () => ({ status: 200, body: { wallet: { ...wallet, balance: balances.shift() ?? 0 } } }),
      'GET wallet/transactions': { status: 200, body: transactions },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { cleanups } = await start();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    // The copy button has the focus: the new balance is drawn, the focus stays where it was.
    screen.getByRole('button', { name: 'Copy wallet number' }).focus();
    await vi.advanceTimersByTimeAsync(20_000);
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦12,900.50'));
    expect(screen.getByRole('button', { name: 'Copy wallet number' })).toHaveFocus();
    // Nothing new: nothing drawn again (the same element stays).
    const list = screen.getByRole('list', { name: 'Wallet transactions' });
    await vi.advanceTimersByTimeAsync(20_000);
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦0.00'));
    expect(screen.getByRole('list', { name: 'Wallet transactions' })).toBe(list);
    for (const cleanup of cleanups) cleanup();
    const before = calls.calls.length;
    await vi.advanceTimersByTimeAsync(40_000);
    expect(calls.calls.length).toBe(before);
  });

  it('offline, the copies saved on this device with their age, and what needs a connection', async () => {
    fakeApi({
      'GET wallet/client': { status: 200, body: { wallet } },
      'GET wallet/transactions': { status: 200, body: transactions },
    });
    await readWallet();
    await waitFor(async () => expect((await readWallet()).wallet.fromCache).toBe(false));
    fakeApi({}, { otherwise: { offline: true } });
    const read = await readWallet();
    expect(read.wallet.fromCache).toBe(true);
    await start();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(/^Balance from just now/);
    expect(notice).toHaveTextContent('Adding funds needs a connection.');
    expect(screen.getByText(/^Transactions from just now$/)).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
  });
});
