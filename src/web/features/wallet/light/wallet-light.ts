// The wallet's first view without the app (app/first-views runs it): the
// card (balance, the wallet number or the bank details to transfer into, each with a copy button)
// and the transactions, as the app's wallet draws them (components/wallet-screen.tsx), read again
// every 20 s and when the page is looked at again, and the copies saved on the device offline.
// The AddFund tab hands the page to the app, that tab open; a client without a wallet yet gets
// the app at once (its create flow).
import { formatNaira } from '../../../../domain/format';
import type { ClientWallet, Wallet, WalletTransaction } from '../../../../domain/schemas/wallet';
import c from '../../../components/first-view/first-view.module.css';
import { badgeTint, esc, type RunApp, savedCopyHtml } from '../../../components/first-view/html';
import { listen, onConnectionChange } from '../../../components/first-view/listen';
import { copyAge } from '../../../lib/copy-age';
import type { Cached } from '../../../lib/offline-copy';
import { getClientWallet, getWalletTransactions } from '../api/client-wallet';
import { WALLET_SCREEN_REFRESH_MS } from '../api/keys';
import { NO_TRANSACTIONS_TEXT, transactionView } from '../lib/transaction-model';
import w from './wallet-light.module.css';

/** A client's wallet as the view shows it: there is one (no wallet is the app's create flow). */
export type ShownWallet = Cached<{ wallet: Wallet }>;

/** The wallet and its transactions, from the network or the copies saved on this device (no transactions: null). */
export async function readWallet(): Promise<{
  wallet: Cached<ClientWallet>;
  transactions: Cached<WalletTransaction[]> | null;
}> {
  const [wallet, transactions] = await Promise.all([getClientWallet(), getWalletTransactions().catch(() => null)]);
  return { wallet, transactions };
}

/** The app's screen opens on a tab or a top-up amount from the address: those are the app's to draw. */
export const walletAddressAsksForApp = (search: string) => {
  const params = new URLSearchParams(search);
  return params.has('tab') || params.has('amount');
};

const ICON =
  'width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const COPY_ICON = `<svg ${ICON}><rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"/></svg>`;
const CHECK_ICON = `<svg ${ICON}><path d="M5 12l5 5L20 7"/></svg>`;

const fieldHtml = (label: string, value: string) =>
  `<div><p class="${c.xs} ${w.label}">${esc(label)}</p><p class="${w.value}">${esc(value)}</p></div>`;
const copyHtml = (value: string, label: string) =>
  `<button type="button" class="${w.copy}" aria-label="Copy ${esc(label)}" title="Copy ${esc(label)}" data-copy="${esc(
    value,
  )}" data-copy-label="${esc(label)}">${COPY_ICON}</button>`;

/** The card's numbers: the wallet number, or the bank details a transfer goes to. */
function numbersHtml(wallet: Wallet, showBank: boolean): string {
  const account = wallet.virtualAccount;
  return showBank
    ? `<div class="${w.numbers}" aria-label="Bank details">${fieldHtml('Bank name', account.bankName)}<div class="${c.row}">${fieldHtml(
        'Account number',
        account.accountNumber,
      )}${copyHtml(account.accountNumber, 'account number')}</div>${fieldHtml('Account name', account.accountName)}</div>`
    : `<div class="${c.row}">${fieldHtml('Wallet number', wallet.walletNumber)}${copyHtml(wallet.walletNumber, 'wallet number')}</div>`;
}

function cardHtml(wallet: Wallet, showBank: boolean): string {
  return `<section class="${w.card}" aria-label="Wallet card"><p class="${c.sm} ${c.medium} ${w.holder}">${esc(
    `${wallet.client.firstname} ${wallet.client.lastname}`,
  )}</p><div><p class="${c.sm} ${w.label}">Balance</p><p class="${w.balance}" data-testid="wallet-balance">${esc(
    formatNaira(wallet.balance),
  )}</p></div><div data-wallet="numbers">${numbersHtml(wallet, showBank)}</div><button type="button" class="${w.toggle}" aria-pressed="${showBank}" data-wallet="toggle">${
    showBank ? 'Show wallet number' : 'Show bank details'
  }</button></section>`;
}

/** "Balance from 2 h ago": what is on screen is the copy saved on this device, or the device is offline. */
const ageHtml = (wallet: ShownWallet, online: boolean) =>
  online && !wallet.fromCache
    ? ''
    : savedCopyHtml('Balance', copyAge(wallet.updatedAt), online, 'Adding funds needs a connection.');

function transactionHtml(transaction: WalletTransaction): string {
  const t = transactionView(transaction);
  return `<li class="${w.transaction}" aria-label="${esc(t.name)}"><div class="${w.transactionText}"><p class="${c.medium} ${w.transactionName}">${esc(
    t.title[0],
  )}<span class="${w.nowrap}">${esc(t.title[1])}</span></p><p class="${c.rowTight}"><span class="${w.pill} ${
    t.credit ? w.credit : ''
  }">${t.kind}</span><span class="${w.pill} ${w.dot}" style="--tint:${badgeTint(t.statusColor)}">${esc(
    t.status,
  )}</span></p><p class="${c.xs} ${c.dimmed}">${esc(t.meta)}</p></div><p class="${w.amount} ${t.credit ? w.amountCredit : ''}">${esc(t.amount)}</p></li>`;
}

function transactionsHtml(transactions: Cached<WalletTransaction[]> | null): string {
  if (!transactions)
    return `<div class="${c.notice} ${c.noticeRed}" role="alert"><p class="${c.medium}">Transactions could not be loaded</p><button type="button" class="${c.button} ${c.light}" data-wallet="retry">Try again</button></div>`;
  if (transactions.data.length === 0) return `<p class="${c.dimmed} ${w.empty}">${esc(NO_TRANSACTIONS_TEXT)}</p>`;
  return `${
    transactions.fromCache
      ? `<p class="${c.sm} ${c.dimmed}">Transactions from ${esc(copyAge(transactions.updatedAt))}</p>`
      : ''
  }<ul class="${w.list}" aria-label="Wallet transactions">${transactions.data.map(transactionHtml).join('')}</ul>`;
}

const TABS = [
  { value: 'transactions', label: 'Transactions' },
  { value: 'add-fund', label: 'AddFund' },
  { value: 'withdraw', label: 'Withdraw', disabled: true },
  { value: 'transfer', label: 'Transfer', disabled: true },
] as const;

/** The screen: its title, the saved copy's age, the card, the tabs with the transactions open. */
export function walletHtml(
  wallet: ShownWallet,
  transactions: Cached<WalletTransaction[]> | null,
  online: boolean,
): string {
  const tabs = TABS.map(
    (tab) =>
      `<button type="button" role="tab" class="${w.tab}" id="wallet-tab-${tab.value}" data-tab="${tab.value}" aria-selected="${
        tab.value === 'transactions'
      }"${tab.value === 'transactions' ? ' aria-controls="wallet-panel-transactions"' : ' tabindex="-1"'}${
        'disabled' in tab ? ' disabled' : ''
      }>${tab.label}</button>`,
  ).join('');
  return `<div class="${w.screen}"><h1 class="${c.h1Large}">Wallet</h1><div class="${c.stack}"><div class="${w.age}" data-wallet="age">${ageHtml(wallet, online)}</div><div data-wallet="card">${cardHtml(
    wallet.data.wallet,
    false,
  )}</div><div><div class="${w.tabs}" role="tablist">${tabs}</div><div class="${w.panel}" role="tabpanel" id="wallet-panel-transactions" aria-labelledby="wallet-tab-transactions" data-wallet="transactions">${transactionsHtml(
    transactions,
  )}</div></div></div></div>`;
}

/**
 * Draws the wallet in `screen` and runs it until `runApp` has taken the page over (and ended
 * `cleanups`, to which the wallet adds its own).
 */
export function runWallet(options: {
  screen: HTMLElement;
  wallet: ShownWallet;
  transactions: Cached<WalletTransaction[]> | null;
  runApp: RunApp;
  cleanups: (() => void)[];
}) {
  const { screen, runApp, cleanups } = options;
  let wallet = options.wallet;
  let transactions = options.transactions;
  let showBank = false;
  screen.innerHTML = walletHtml(wallet, transactions, navigator.onLine);
  screen.removeAttribute('aria-busy');
  const part = (name: string) => screen.querySelector(`[data-wallet="${name}"]`) as HTMLElement;

  const drawAge = () => {
    part('age').innerHTML = ageHtml(wallet, navigator.onLine);
  };
  // A part is drawn again only when what it shows changed, and the control that had the focus
  // keeps it: a reading every 20 s must not pull a keyboard or screen-reader user off the card.
  const drawn = new Map<string, string>();
  const draw = (name: string, html: string) => {
    if (drawn.get(name) === html) return;
    const element = part(name);
    const active = document.activeElement;
    const focusKey =
      active && element.contains(active)
        ? (active.getAttribute('data-wallet') ?? active.getAttribute('data-copy-label'))
        : null;
    element.innerHTML = html;
    drawn.set(name, html);
    if (focusKey)
      element.querySelector<HTMLElement>(`[data-wallet="${focusKey}"], [data-copy-label="${focusKey}"]`)?.focus();
  };
  const drawCard = () => draw('card', cardHtml(wallet.data.wallet, showBank));
  const drawTransactions = () => draw('transactions', transactionsHtml(transactions));
  drawn.set('card', cardHtml(wallet.data.wallet, showBank));
  drawn.set('transactions', transactionsHtml(transactions));

  // Money arrives from outside (a transfer to the account, a card top-up): read again while shown.
  let reading = false;
  const refresh = async () => {
    if (reading || document.visibilityState !== 'visible') return;
    reading = true;
    try {
      const next = await readWallet();
      // A wallet gone from the answer (another device's sign-in?) is the app's to explain.
      const shown = next.wallet.data.wallet;
      if (shown) wallet = { ...next.wallet, data: { wallet: shown } };
      if (next.transactions) transactions = next.transactions;
      drawAge();
      drawCard();
      drawTransactions();
    } catch {
      // No network and no copy: what is on screen stays, with its age.
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => void refresh(), WALLET_SCREEN_REFRESH_MS);
  const onVisible = () => void refresh();
  cleanups.push(() => clearInterval(timer));
  listen(cleanups, document, 'visibilitychange', onVisible);
  onConnectionChange(cleanups, drawAge);

  const resets = new Map<HTMLElement, ReturnType<typeof setTimeout>>();
  const copy = (button: HTMLElement) => {
    const value = button.dataset.copy ?? '';
    const label = button.dataset.copyLabel ?? '';
    void navigator.clipboard?.writeText(value).then(() => {
      button.innerHTML = CHECK_ICON;
      button.setAttribute('aria-label', `${label} copied`);
      button.title = 'Copied';
      clearTimeout(resets.get(button));
      resets.set(
        button,
        setTimeout(() => {
          button.innerHTML = COPY_ICON;
          button.setAttribute('aria-label', `Copy ${label}`);
          button.title = `Copy ${label}`;
        }, 1500),
      );
    });
  };

  let taking = false;
  const addFund = () => {
    if (taking) return;
    taking = true;
    const tab = screen.querySelector<HTMLElement>('[data-tab="add-fund"]');
    tab?.setAttribute('aria-busy', 'true');
    // The app's wallet opens the tab the address names (as "Top up ₦X" links do).
    const url = new URL(window.location.href);
    url.searchParams.set('tab', 'add-fund');
    window.history.replaceState(window.history.state, '', url);
    runApp().then(
      () => undefined,
      () => {
        taking = false;
        tab?.removeAttribute('aria-busy');
        url.searchParams.delete('tab');
        window.history.replaceState(window.history.state, '', url);
      },
    );
  };

  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element).closest<HTMLElement>('button');
    if (!target || !screen.contains(target)) return;
    if (target.dataset.copy !== undefined) copy(target);
    else if (target.dataset.wallet === 'toggle') {
      showBank = !showBank;
      drawCard();
    } else if (target.dataset.wallet === 'retry') void refresh();
    else if (target.dataset.tab === 'add-fund') addFund();
  };
  // The tab list's arrows move between the tabs that can be chosen, as the app's tabs do.
  const onKey = (event: KeyboardEvent) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
    if (!tab || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const enabled = [...screen.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const at = enabled.indexOf(tab as HTMLButtonElement);
    const next = enabled[(at + (event.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length];
    event.preventDefault();
    next?.focus();
  };
  listen(cleanups, screen, 'click', onClick);
  listen(cleanups, screen, 'keydown', onKey);
  cleanups.push(() => {
    for (const reset of resets.values()) clearTimeout(reset);
  });
}
