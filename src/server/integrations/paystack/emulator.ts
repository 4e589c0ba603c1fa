import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, checkoutScript } from './checkout-page';
import type {
  DedicatedAccountData,
  PaystackAuthorization,
  PaystackCustomer,
  PaystackRefundStatus,
  PaystackTransactionStatus,
  RefundData,
  TransactionData,
} from './client';
import { SIGNATURE_HEADER, signPaystackBody } from './signature';

// The emulator signs its webhooks as Paystack does; its users may reach the helpers through it.
export { isValidPaystackSignature, SIGNATURE_HEADER, signPaystackBody } from './signature';

/*
 * A stand-in for Paystack's documented REST API, served by this process in sandbox mode
 * (the one Paystack client talks to it unchanged). State lives in memory per app: a restart forgets sandbox transactions,
 * which only matters for sandbox payments left unfinished across the restart.
 */

export const WEBHOOK_PATH = '/api/payment/webhook';

type EmulatedTransaction = TransactionData & { accessCode: string; email: string };

type DedicatedAccount = DedicatedAccountData & { customerCode: string };

type EmulatedRefund = Omit<RefundData, 'transaction'> & { transactionId: number; reference: string };

/** Paystack processes a refund some time after queueing it; the emulator settles it after this. */
export const EMULATOR_REFUND_DELAY_MS = 1_500;

export type EmulatorFailure = {
  /** 'error' answers 500; 'timeout' holds the answer until `hangMs` has passed (or the failure is cleared). */
  mode: 'error' | 'timeout';
  /** How many API calls fail; unlimited when omitted. */
  times?: number;
  /** Only calls under this path fail (e.g. '/refund'); every call when omitted. */
  path?: string;
  hangMs?: number;
};

type EmulatorState = {
  transactions: Map<string, EmulatedTransaction>;
  byAccessCode: Map<string, string>;
  authorizations: Map<string, { authorization: PaystackAuthorization; email: string }>;
  customers: Map<string, PaystackCustomer>;
  accounts: Map<string, DedicatedAccount>;
  refunds: Map<number, EmulatedRefund>;
  failure: (EmulatorFailure & { remaining: number | null }) | null;
  /** Saved-card charges decline with this reason while `remaining` lasts. */
  chargeDecline: { reason: DeclineReason; remaining: number } | null;
  /** When false, events are not delivered (a lost webhook). */
  webhooks: boolean;
  hung: Set<() => void>;
  timers: Set<NodeJS.Timeout>;
  deliveries: Set<Promise<unknown>>;
  closed: boolean;
  nextId: number;
};

const states = new WeakMap<object, EmulatorState>();

function stateOf(app: FastifyInstance): EmulatorState {
  let state = states.get(app.server);
  if (!state) {
    state = {
      transactions: new Map(),
      byAccessCode: new Map(),
      authorizations: new Map(),
      customers: new Map(),
      accounts: new Map(),
      refunds: new Map(),
      failure: null,
      chargeDecline: null,
      webhooks: true,
      hung: new Set(),
      timers: new Set(),
      deliveries: new Set(),
      closed: false,
      nextId: 1_000_000 + Math.floor(Math.random() * 1_000_000),
    };
    states.set(app.server, state);
  }
  return state;
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/** Makes the emulator's API answer 500 or time out (tests, and the sandbox control call). */
export function setEmulatorFailure(app: FastifyInstance, failure: EmulatorFailure | null): void {
  const state = stateOf(app);
  state.failure = failure ? { ...failure, remaining: failure.times ?? null } : null;
  if (!failure) releaseHung(state);
}

/** Turns webhook delivery off (a lost webhook) or back on. */
export function setEmulatorWebhooks(app: FastifyInstance, enabled: boolean): void {
  stateOf(app).webhooks = enabled;
}

/** Resolves once every webhook delivery started so far has had its first attempt. */
export async function flushEmulatorWebhooks(app: FastifyInstance): Promise<void> {
  const state = stateOf(app);
  while (state.deliveries.size > 0) await Promise.allSettled([...state.deliveries]);
}

/** A transaction as the emulator holds it (tests read the reference or access code of one). */
export function emulatorTransaction(
  app: FastifyInstance,
  referenceOrAccessCode: string,
): EmulatedTransaction | undefined {
  const state = stateOf(app);
  const reference = state.byAccessCode.get(referenceOrAccessCode) ?? referenceOrAccessCode;
  return state.transactions.get(reference);
}

/** The refunds asked for a transaction (by reference), oldest first. */
export function emulatorRefunds(app: FastifyInstance, reference: string): EmulatedRefund[] {
  return [...stateOf(app).refunds.values()].filter((r) => r.reference === reference);
}

/**
 * Finishes every refund still queued, as Paystack does some time later (tests call it instead of
 * waiting): `processed` gives the money back (a fully refunded transaction becomes `reversed`),
 * `failed` does not. Each sends its refund.* webhook.
 */
export function settleEmulatorRefunds(app: FastifyInstance, outcome: 'processed' | 'failed' = 'processed'): number {
  const state = stateOf(app);
  let settled = 0;
  for (const refund of state.refunds.values()) {
    if (refund.status !== 'pending' && refund.status !== 'processing') continue;
    settleRefund(app, state, refund, outcome);
    settled += 1;
  }
  return settled;
}

function settleRefund(
  app: FastifyInstance,
  state: EmulatorState,
  refund: EmulatedRefund,
  outcome: 'processed' | 'failed',
) {
  const now = new Date().toISOString();
  Object.assign(refund, { status: outcome, updatedAt: now, refunded_at: outcome === 'processed' ? now : null });
  const txn = state.transactions.get(refund.reference);
  if (txn && outcome === 'processed' && refundedOf(state, txn.reference) >= txn.amount) txn.status = 'reversed';
  void deliverWebhook(app, `refund.${outcome}`, refundEvent(state, refund));
}

/** Kobo refunded or on its way back for a transaction (failed refunds do not count). */
function refundedOf(state: EmulatorState, reference: string): number {
  let total = 0;
  for (const r of state.refunds.values()) if (r.reference === reference && r.status !== 'failed') total += r.amount;
  return total;
}

/** A refund.* event's data, in Paystack's shape. */
function refundEvent(state: EmulatorState, refund: EmulatedRefund) {
  const txn = state.transactions.get(refund.reference);
  return {
    status: refund.status,
    transaction_reference: refund.reference,
    refund_reference: refund.status === 'processed' ? `RFD_${refund.id}` : null,
    amount: String(refund.amount),
    currency: refund.currency,
    processor: 'emulator',
    customer: {
      first_name: txn?.customer.first_name ?? null,
      last_name: txn?.customer.last_name ?? null,
      email: txn?.email ?? null,
    },
    integration: 1,
    domain: 'test',
    id: String(refund.id),
  };
}

function publicRefund(state: EmulatorState, refund: EmulatedRefund, withTransaction: boolean): RefundData {
  const { transactionId, reference: _reference, ...data } = refund;
  const txn = state.transactions.get(refund.reference);
  return {
    ...data,
    transaction: withTransaction && txn ? publicTransaction(txn) : transactionId,
  };
}

function releaseHung(state: EmulatorState) {
  for (const release of state.hung) release();
  state.hung.clear();
}

function later(state: EmulatorState, ms: number, fn: () => void) {
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    fn();
  }, ms);
  timer.unref();
  state.timers.add(timer);
}

/** Paystack retries a webhook that was not answered 200; the emulator does so a few times, sooner. */
const WEBHOOK_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];

/** Signs and delivers an event to this app's webhook, in-process (works without listening). */
export function deliverWebhook(app: FastifyInstance, event: string, data: unknown): Promise<number | null> {
  const state = stateOf(app);
  if (!state.webhooks || state.closed) return Promise.resolve(null);
  const body = JSON.stringify({ event, data });
  const signature = signPaystackBody(body, app.config.paystackSecretKey);
  const attempt = async (index: number): Promise<number | null> => {
    if (state.closed) return null;
    let status: number | null = null;
    try {
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        payload: body,
      });
      status = response.statusCode;
    } catch {
      status = null;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[index];
    if ((status === null || status >= 300) && delay !== undefined && !state.closed) {
      later(state, delay, () => void attempt(index + 1));
    }
    return status;
  };
  const first = attempt(0);
  state.deliveries.add(first);
  void first.finally(() => state.deliveries.delete(first));
  return first;
}

type Outcome = 'success' | 'failed' | 'abandoned';

/**
 * The reasons Paystack gives for a declined card, as its `gateway_response` says them. The
 * sandbox checkout and the saved-card charge can decline with any of them.
 */
export const DECLINE_REASONS = [
  'Declined',
  'Insufficient Funds',
  'Do Not Honor',
  'Expired Card',
  'Incorrect PIN',
  'Transaction Not Permitted To Cardholder',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const isDeclineReason = (value: unknown): value is DeclineReason =>
  typeof value === 'string' && (DECLINE_REASONS as readonly string[]).includes(value);

/** Makes the next saved-card charges (charge_authorization) decline with this reason; null stops it. */
export function setEmulatorChargeDecline(app: FastifyInstance, reason: DeclineReason | null, times = 1): void {
  stateOf(app).chargeDecline = reason ? { reason, remaining: times } : null;
}

const TEST_CARD = {
  bin: '408408',
  last4: '4081',
  exp_month: '12',
  exp_year: '2030',
  card_type: 'visa ',
  bank: 'TEST BANK',
};

/**
 * Finishes a checkout as the card holder would: Pay (success), Fail (declined) or leaving it
 * (abandoned). `paidAmount` lets tests make the gateway report another amount than was asked.
 */
export function completeEmulatorCheckout(
  app: FastifyInstance,
  accessCode: string,
  outcome: Outcome,
  options: { paidAmount?: number; declineReason?: DeclineReason } = {},
): EmulatedTransaction | undefined {
  const state = stateOf(app);
  const reference = state.byAccessCode.get(accessCode);
  const txn = reference ? state.transactions.get(reference) : undefined;
  if (!txn) return undefined;
  // Success is final; after a declined card the holder may try again (as in Paystack's pop-up).
  if (txn.status === 'success' || (txn.status === 'failed' && outcome === 'abandoned')) return txn;
  if (outcome === 'success') {
    const authorization: PaystackAuthorization = {
      authorization_code: `AUTH_${token(6)}`,
      ...TEST_CARD,
      channel: 'card',
      country_code: 'NG',
      brand: 'visa',
      reusable: true,
      signature: `SIG_${token(8)}`,
    };
    state.authorizations.set(authorization.authorization_code, { authorization, email: txn.email });
    Object.assign(txn, {
      status: 'success' as const,
      amount: options.paidAmount ?? txn.amount,
      channel: 'card',
      gateway_response: 'Successful',
      paid_at: new Date().toISOString(),
      authorization,
    });
    void deliverWebhook(app, 'charge.success', publicTransaction(txn));
  } else if (outcome === 'failed') {
    Object.assign(txn, {
      status: 'failed' as const,
      channel: 'card',
      gateway_response: options.declineReason ?? 'Declined',
    });
  } else {
    Object.assign(txn, { status: 'abandoned' as const, gateway_response: 'The transaction was not completed' });
  }
  return txn;
}

/** Simulates a bank transfer into a dedicated account: a verified-able charge.success, channel dedicated_nuban. */
export async function simulateTransfer(
  app: FastifyInstance,
  input: { accountNumber: string; amount: number; senderBank?: string; senderName?: string },
): Promise<{ reference: string; webhookStatus: number | null }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('amount must be a positive kobo integer');
  const state = stateOf(app);
  const account = state.accounts.get(input.accountNumber);
  const reference = `TRF_${token(10)}`;
  const customer: PaystackCustomer = account?.customer ?? {
    id: state.nextId++,
    customer_code: 'CUS_unknown',
    email: 'unknown@sandbox.paystack',
  };
  const txn: EmulatedTransaction = {
    id: state.nextId++,
    status: 'success',
    reference,
    amount: input.amount,
    currency: 'NGN',
    channel: 'dedicated_nuban',
    gateway_response: 'Approved',
    paid_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    metadata: { receiver_account_number: input.accountNumber, receiver_bank: account?.bank.name ?? 'Wema Bank' },
    authorization: {
      authorization_code: `AUTH_${token(6)}`,
      bin: '008xxx',
      last4: input.accountNumber.slice(-4),
      exp_month: '12',
      exp_year: '9999',
      channel: 'dedicated_nuban',
      bank: input.senderBank ?? 'Test Bank',
      reusable: false,
      sender_bank: input.senderBank ?? 'Test Bank',
      sender_bank_account_number: 'XXXXXX4321',
      sender_name: input.senderName ?? 'Sandbox Sender',
      receiver_bank_account_number: input.accountNumber,
      receiver_bank: account?.bank.name ?? 'Wema Bank',
    },
    customer,
    accessCode: '',
    email: customer.email,
  };
  state.transactions.set(reference, txn);
  const webhookStatus = await deliverWebhook(app, 'charge.success', publicTransaction(txn));
  return { reference, webhookStatus };
}

function publicTransaction(txn: EmulatedTransaction): TransactionData {
  const { accessCode: _accessCode, email: _email, ...data } = txn;
  return data;
}

const envelope = <T>(message: string, data: T) => ({ status: true, message, data });
const refusal = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ status: false, message });

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const positiveInteger = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

const BANKS: Record<string, { name: string; id: number; slug: string }> = {
  'wema-bank': { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
  'test-bank': { name: 'Test Bank', id: 1, slug: 'test-bank' },
};

/** The Paystack emulator served under /sandbox in sandbox mode. */
export const paystackEmulator: FastifyPluginAsync = async (app) => {
  const state = stateOf(app);
  app.addHook('onClose', async () => {
    state.closed = true;
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
    releaseHung(state);
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.headers.authorization !== `Bearer ${app.config.paystackSecretKey}`) {
          return refusal(reply, 401, 'Invalid key');
        }
        const failure = state.failure;
        if (!failure) return;
        if (failure.path && !request.url.split('?')[0]?.startsWith(`${api.prefix}${failure.path}`)) return;
        if (failure.remaining !== null) {
          failure.remaining -= 1;
          if (failure.remaining <= 0) state.failure = null;
        }
        if (failure.mode === 'timeout') {
          await new Promise<void>((resolve) => {
            const release = () => resolve();
            state.hung.add(release);
            later(state, failure.hangMs ?? 30_000, () => {
              state.hung.delete(release);
              resolve();
            });
          });
          return refusal(reply, 504, 'Gateway timeout');
        }
        return refusal(reply, 500, 'An error occurred');
      });

      api.post('/transaction/initialize', async (request, reply) => {
        const body = record(request.body);
        const amount = positiveInteger(body.amount);
        const email = typeof body.email === 'string' && body.email.includes('@') ? body.email : null;
        if (!email) return refusal(reply, 400, 'Invalid Email Address Passed');
        if (!amount) return refusal(reply, 400, 'Invalid Amount Sent');
        const reference = typeof body.reference === 'string' && body.reference ? body.reference : token(8);
        if (state.transactions.has(reference)) return refusal(reply, 400, 'Duplicate Transaction Reference');
        const accessCode = token(8);
        const now = new Date().toISOString();
        const customer = customerFor(email);
        state.transactions.set(reference, {
          id: state.nextId++,
          status: 'abandoned',
          reference,
          amount,
          currency: 'NGN',
          channel: 'card',
          gateway_response: 'The transaction was not completed',
          paid_at: null,
          created_at: now,
          metadata: record(body.metadata),
          authorization: null,
          customer,
          accessCode,
          email,
        });
        state.byAccessCode.set(accessCode, reference);
        return envelope('Authorization URL created', {
          authorization_url: `${app.config.publicUrl}/sandbox/checkout/${accessCode}`,
          access_code: accessCode,
          reference,
        });
      });

      api.get('/transaction/verify/:reference', async (request, reply) => {
        const { reference } = request.params as { reference: string };
        const txn = state.transactions.get(reference);
        if (!txn) return refusal(reply, 400, 'Transaction reference not found');
        return envelope('Verification successful', publicTransaction(txn));
      });

      api.post('/transaction/charge_authorization', async (request, reply) => {
        const body = record(request.body);
        const amount = positiveInteger(body.amount);
        if (!amount) return refusal(reply, 400, 'Invalid Amount Sent');
        const code = typeof body.authorization_code === 'string' ? body.authorization_code : '';
        const saved = state.authorizations.get(code);
        if (!saved || saved.email !== body.email) return refusal(reply, 400, 'Invalid authorization code');
        const reference = typeof body.reference === 'string' && body.reference ? body.reference : token(8);
        if (state.transactions.has(reference)) return refusal(reply, 400, 'Duplicate Transaction Reference');
        const now = new Date().toISOString();
        // A decline is still HTTP 200 "Charge attempted", with data.status 'failed' (as Paystack answers).
        const decline = state.chargeDecline;
        if (decline) {
          decline.remaining -= 1;
          if (decline.remaining <= 0) state.chargeDecline = null;
        }
        const txn: EmulatedTransaction = {
          id: state.nextId++,
          status: (decline ? 'failed' : 'success') as PaystackTransactionStatus,
          reference,
          amount,
          currency: 'NGN',
          channel: 'card',
          gateway_response: decline ? decline.reason : 'Approved',
          paid_at: decline ? null : now,
          created_at: now,
          metadata: record(body.metadata),
          authorization: saved.authorization,
          customer: customerFor(saved.email),
          accessCode: '',
          email: saved.email,
        };
        state.transactions.set(reference, txn);
        if (!decline) void deliverWebhook(app, 'charge.success', publicTransaction(txn));
        return envelope('Charge attempted', publicTransaction(txn));
      });

      api.post('/refund', async (request, reply) => {
        const body = record(request.body);
        const wanted = typeof body.transaction === 'number' ? String(body.transaction) : body.transaction;
        if (typeof wanted !== 'string' || wanted === '') return refusal(reply, 400, 'Transaction is required');
        const txn =
          state.transactions.get(wanted) ?? [...state.transactions.values()].find((t) => String(t.id) === wanted);
        if (!txn) return refusal(reply, 400, 'Transaction reference not found');
        const left = txn.amount - refundedOf(state, txn.reference);
        if (txn.status === 'reversed' || left <= 0) return refusal(reply, 400, 'Transaction has been fully reversed');
        if (txn.status !== 'success') return refusal(reply, 400, 'Cannot refund a transaction that was not successful');
        const amount = body.amount === undefined ? left : positiveInteger(body.amount);
        if (!amount) return refusal(reply, 400, 'Invalid Amount Sent');
        if (amount > left) return refusal(reply, 400, 'Refund amount cannot be more than the transaction amount');
        const now = new Date().toISOString();
        const refund: EmulatedRefund = {
          id: state.nextId++,
          transactionId: txn.id,
          reference: txn.reference,
          amount,
          deducted_amount: 0,
          currency: txn.currency,
          channel: null,
          fully_deducted: false,
          status: 'pending' as PaystackRefundStatus,
          customer_note:
            typeof body.customer_note === 'string' ? body.customer_note : `Refund for transaction ${txn.reference}`,
          merchant_note:
            typeof body.merchant_note === 'string' ? body.merchant_note : `Refund for transaction ${txn.reference}`,
          refunded_at: null,
          expected_at: new Date(Date.now() + EMULATOR_REFUND_DELAY_MS).toISOString(),
          createdAt: now,
          updatedAt: now,
        };
        state.refunds.set(refund.id, refund);
        void deliverWebhook(app, 'refund.pending', refundEvent(state, refund));
        later(state, EMULATOR_REFUND_DELAY_MS, () => {
          if (refund.status === 'pending') settleRefund(app, state, refund, 'processed');
        });
        return envelope('Refund has been queued for processing', publicRefund(state, refund, true));
      });

      api.get('/refund/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        const refund = state.refunds.get(Number(id));
        if (!refund) return refusal(reply, 404, 'Refund not found');
        return envelope('Refund retrieved', publicRefund(state, refund, false));
      });

      api.post('/customer', async (request, reply) => {
        const body = record(request.body);
        const email = typeof body.email === 'string' && body.email.includes('@') ? body.email : null;
        if (!email) return refusal(reply, 400, 'Invalid Email Address Passed');
        const customer = customerFor(email);
        if (typeof body.first_name === 'string') customer.first_name = body.first_name;
        if (typeof body.last_name === 'string') customer.last_name = body.last_name;
        if (typeof body.phone === 'string') customer.phone = body.phone;
        return envelope('Customer created', customer);
      });

      api.post('/dedicated_account', async (request, reply) => {
        const body = record(request.body);
        const wanted = String(body.customer ?? '');
        const customer = [...state.customers.values()].find(
          (c) => c.customer_code === wanted || String(c.id) === wanted,
        );
        if (!customer) return refusal(reply, 400, 'Customer not found');
        const existing = [...state.accounts.values()].find((a) => a.customerCode === customer.customer_code);
        if (existing) return envelope('Assigned Managed Account Successfully Created', existing);
        const bank = BANKS[String(body.preferred_bank ?? 'wema-bank')] ?? BANKS['wema-bank'];
        if (!bank) return refusal(reply, 400, 'Bank not available');
        let accountNumber: string;
        do {
          accountNumber = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
        } while (state.accounts.has(accountNumber));
        const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
        const account: DedicatedAccount = {
          id: state.nextId++,
          account_name: `ARRIVE/${name}`.toUpperCase(),
          account_number: accountNumber,
          assigned: true,
          currency: 'NGN',
          active: true,
          bank,
          customer,
          customerCode: customer.customer_code,
        };
        state.accounts.set(accountNumber, account);
        const { customerCode: _code, ...data } = account;
        void deliverWebhook(app, 'dedicatedaccount.assign.success', {
          customer,
          dedicated_account: data,
          identification: { status: 'success' },
        });
        return envelope('Assigned Managed Account Successfully Created', data);
      });
    },
    { prefix: '/paystack' },
  );

  // What inline-js asks with only the access code (no secret key): the checkout's parameters.
  app.get('/paystack/transaction/verify_access_code/:accessCode', async (request, reply) => {
    const { accessCode } = request.params as { accessCode: string };
    const txn = emulatorTransaction(app, accessCode);
    if (!txn || txn.accessCode === '') return refusal(reply, 400, 'Invalid access code');
    return envelope('Access code validated', {
      id: txn.id,
      transaction_status: txn.status === 'success' ? 'success' : 'none',
      access_code: accessCode,
      channels: ['card'],
      merchant_id: 1,
      merchant_name: 'Arrive',
      merchant_logo: null,
      merchant_key: app.config.paystackPublicKey,
      email: txn.email,
      amount: txn.amount,
      currency: txn.currency,
      label: txn.email,
      plan_details: null,
      link_config: { enabled: false, has_payment_instruments: false },
      log: null,
    });
  });

  // The hosted checkout, opened in an overlay (iframe) or a window like Paystack's popup.
  app.get('/checkout/:accessCode', async (request, reply) => {
    const { accessCode } = request.params as { accessCode: string };
    const txn = emulatorTransaction(app, accessCode);
    reply
      .header('x-frame-options', 'SAMEORIGIN')
      .header(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    if (!txn || txn.accessCode === '') return reply.code(404).send(checkoutPage(null, accessCode));
    return reply.send(checkoutPage(txn, accessCode, DECLINE_REASONS));
  });

  app.get('/checkout-assets/checkout.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(checkoutScript),
  );

  // The checkout page's buttons. Not under /api: the card holder acts on the provider's page.
  app.post('/checkout/:accessCode/:action', async (request, reply) => {
    const { accessCode, action } = request.params as { accessCode: string; action: string };
    const outcome: Outcome | null =
      action === 'pay' ? 'success' : action === 'fail' ? 'failed' : action === 'cancel' ? 'abandoned' : null;
    if (!outcome) return refusal(reply, 404, 'Unknown action');
    const reason = record(request.body).reason;
    const txn = completeEmulatorCheckout(
      app,
      accessCode,
      outcome,
      isDeclineReason(reason) ? { declineReason: reason } : {},
    );
    if (!txn) return refusal(reply, 404, 'Transaction not found');
    return envelope('Done', { reference: txn.reference, status: txn.status, message: txn.gateway_response });
  });

  // Sandbox controls, for browser journeys that cannot call exported functions.
  app.post('/paystack-control/failure', async (request) => {
    const body = record(request.body);
    const mode = body.mode === 'error' || body.mode === 'timeout' ? body.mode : null;
    const times = positiveInteger(body.times);
    setEmulatorFailure(app, mode ? { mode, ...(times ? { times } : {}) } : null);
    return { status: true, message: mode ? `Failing with ${mode}` : 'Failures cleared' };
  });
  app.post('/paystack-control/decline', async (request, reply) => {
    const body = record(request.body);
    if (body.reason !== null && !isDeclineReason(body.reason))
      return refusal(reply, 400, `reason must be one of: ${DECLINE_REASONS.join(', ')} (or null)`);
    const times = positiveInteger(body.times) ?? 1;
    setEmulatorChargeDecline(app, body.reason, times);
    return {
      status: true,
      message: body.reason ? `The next saved-card charge declines: ${body.reason}` : 'Declines cleared',
    };
  });
  app.post('/paystack-control/transfer', async (request, reply) => {
    const body = record(request.body);
    const amount = positiveInteger(body.amount);
    if (typeof body.accountNumber !== 'string' || !amount)
      return refusal(reply, 400, 'accountNumber and amount are required');
    const result = await simulateTransfer(app, { accountNumber: body.accountNumber, amount });
    return envelope('Transfer simulated', result);
  });

  function customerFor(email: string): PaystackCustomer {
    const known = [...state.customers.values()].find((c) => c.email === email);
    if (known) return known;
    const customer: PaystackCustomer = { id: state.nextId++, customer_code: `CUS_${token(7)}`, email };
    state.customers.set(customer.customer_code, customer);
    return customer;
  }
};
