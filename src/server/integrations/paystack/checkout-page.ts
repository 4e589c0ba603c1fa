/** The emulator's hosted checkout: the page the overlay shows, and its script (CSP allows no inline script). */

/** The message the checkout posts to the page that opened it (the web's sandbox overlay listens). */
export const CHECKOUT_MESSAGE_SOURCE = 'arrive-paystack-emulator';

/** The reasons the Fail button can decline with (Paystack's gateway_response wording). */
export type CheckoutDeclineReasons = readonly string[];

type CheckoutTransaction = { reference: string; amount: number; email: string; status: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function checkoutPage(
  txn: CheckoutTransaction | null,
  accessCode: string,
  declineReasons: CheckoutDeclineReasons = ['Declined'],
): string {
  const options = declineReasons.map((r) => `<option value="${escapeHtml(r)}">${escapeHtml(r)}</option>`).join('');
  const main = txn
    ? `<p class="merchant">Arrive</p>
      <p class="amount" data-testid="checkout-amount">${naira(txn.amount)}</p>
      <p class="email">${escapeHtml(txn.email)}</p>
      <p class="note">Sandbox checkout — no real card is charged.</p>
      ${txn.status === 'success' ? '<p class="done" role="status">This transaction is already paid.</p>' : ''}
      <div class="actions">
        <button type="button" id="pay" class="pay">Pay</button>
        <label class="reason">Decline reason
          <select id="reason" name="reason">${options}</select>
        </label>
        <button type="button" id="fail" class="fail">Fail</button>
        <button type="button" id="cancel" class="cancel">Cancel</button>
      </div>
      <p id="status" role="status" aria-live="polite"></p>`
    : `<p role="alert">This checkout link is not valid or has expired.</p>
      <div class="actions"><button type="button" id="cancel" class="cancel">Cancel</button></div>
      <p id="status" role="status" aria-live="polite"></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack sandbox checkout</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1f2933; }
  main { max-width: 380px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 24px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1rem; margin: 0 0 12px; color: #0b6e4f; }
  .merchant { margin: 0; font-weight: 600; }
  .amount { font-size: 1.75rem; margin: 8px 0; font-weight: 700; }
  .email, .note { margin: 4px 0; color: #52606d; font-size: .9rem; }
  .actions { display: grid; gap: 8px; margin-top: 20px; }
  button { font: inherit; padding: 12px; border-radius: 8px; border: 1px solid transparent; cursor: pointer; }
  .pay { background: #0b6e4f; color: #fff; }
  .fail { background: #fff; border-color: #b42318; color: #b42318; }
  .cancel { background: #fff; border-color: #9aa5b1; color: #1f2933; }
  button:disabled { opacity: .6; cursor: wait; }
  .reason { display: grid; gap: 4px; font-size: .9rem; color: #52606d; }
  select { font: inherit; padding: 10px; border-radius: 8px; border: 1px solid #9aa5b1; background: #fff; }
</style>
</head>
<body data-access-code="${escapeHtml(accessCode)}" data-reference="${escapeHtml(txn?.reference ?? '')}">
<main>
  <h1>Paystack (sandbox)</h1>
  ${main}
</main>
<script src="/sandbox/checkout-assets/checkout.js"></script>
</body>
</html>`;
}

export const checkoutScript = `(() => {
  const body = document.body;
  const accessCode = body.dataset.accessCode;
  const reference = body.dataset.reference;
  const statusLine = document.getElementById('status');
  const target = window.parent !== window ? window.parent : window.opener;
  const tell = (type, extra) => {
    const message = Object.assign({ source: '${CHECKOUT_MESSAGE_SOURCE}', type, accessCode, reference }, extra || {});
    if (target) target.postMessage(message, window.location.origin);
    else if (statusLine) statusLine.textContent = type === 'success' ? 'Payment complete. You can close this window.' : 'You can close this window.';
  };
  const buttons = Array.from(document.querySelectorAll('button'));
  const reasonField = document.getElementById('reason');
  const act = async (action, type) => {
    buttons.forEach((b) => { b.disabled = true; });
    try {
      const init = action === 'fail' && reasonField
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason: reasonField.value }) }
        : { method: 'POST' };
      const response = await fetch('/sandbox/checkout/' + encodeURIComponent(accessCode) + '/' + action, init);
      const answer = await response.json();
      if (!response.ok || !answer.status) throw new Error(answer.message || 'Checkout failed');
      const outcome = answer.data.status === 'success' ? 'success' : answer.data.status === 'failed' ? 'error' : 'cancel';
      tell(outcome === type ? type : outcome, { status: answer.data.status, message: answer.data.message, trans: answer.data.reference, trxref: answer.data.reference });
    } catch (err) {
      tell('error', { message: err instanceof Error ? err.message : 'Checkout failed' });
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  };
  const on = (id, fn) => { const el = document.getElementById(id); if (el) el.addEventListener('click', fn); };
  on('pay', () => act('pay', 'success'));
  on('fail', () => act('fail', 'error'));
  on('cancel', () => (reference ? act('cancel', 'cancel') : tell('cancel')));
  tell('loaded');
})();
`;
