import type { FastifyInstance } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Outbound } from '../../lib/outbound';

/** Paystack's answer envelope. */
export type PaystackEnvelope<T> = { status: boolean; message: string; data: T };

export type PaystackAuthorization = {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel?: string;
  card_type?: string;
  bank?: string;
  country_code?: string;
  brand?: string;
  reusable: boolean;
  signature?: string;
  /** Transfers into a dedicated account carry the sender's details here. */
  sender_bank?: string | null;
  sender_bank_account_number?: string | null;
  sender_name?: string | null;
  receiver_bank_account_number?: string | null;
  receiver_bank?: string | null;
};

export type PaystackCustomer = {
  id: number;
  customer_code: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
};

export type InitializeInput = {
  email: string;
  /** Kobo. */
  amount: number;
  reference: string;
  callback_url?: string;
  metadata?: Record<string, unknown>;
  channels?: string[];
};
export type InitializeData = { authorization_url: string; access_code: string; reference: string };

/** Paystack's transaction statuses (what verify answers). */
export type PaystackTransactionStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

export type TransactionData = {
  id: number;
  status: PaystackTransactionStatus;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  channel: string;
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  metadata?: Record<string, unknown> | null;
  authorization?: PaystackAuthorization | null;
  customer: PaystackCustomer;
};

export type ChargeAuthorizationInput = {
  email: string;
  amount: number;
  authorization_code: string;
  reference: string;
  metadata?: Record<string, unknown>;
};

/**
 * POST /refund. `transaction` is the transaction's reference or id; without `amount` the whole
 * transaction is refunded (it may not exceed what is left of it). Paystack queues the refund and
 * answers `pending`; it reports progress with refund.pending / refund.processing /
 * refund.processed / refund.failed / refund.needs-attention webhooks and GET /refund/:id.
 */
export type CreateRefundInput = {
  transaction: string;
  /** Kobo; the whole transaction when omitted. */
  amount?: number;
  currency?: string;
  customer_note?: string;
  merchant_note?: string;
};

/** Paystack's refund statuses. */
export type PaystackRefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';

export type RefundData = {
  id: number;
  /** The refunded transaction: an object in the create answer, its id elsewhere. */
  transaction: number | (Partial<TransactionData> & { id: number; reference: string });
  amount: number;
  deducted_amount: number | null;
  currency: string;
  channel: string | null;
  fully_deducted: boolean;
  status: PaystackRefundStatus;
  customer_note: string | null;
  merchant_note: string | null;
  refunded_at: string | null;
  expected_at: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The `data` of a refund.* webhook event. */
export type RefundEventData = {
  status: PaystackRefundStatus;
  transaction_reference: string;
  refund_reference: string | null;
  /** Kobo; Paystack sends it as a string in some events. */
  amount: number | string;
  currency: string;
  id?: string | number;
};

export type CreateCustomerInput = { email: string; first_name?: string; last_name?: string; phone?: string };

export type DedicatedAccountInput = { customer: string | number; preferred_bank?: string; phone?: string };
export type DedicatedAccountData = {
  id: number;
  account_name: string;
  account_number: string;
  assigned: boolean;
  currency: string;
  active: boolean;
  bank: { name: string; id: number; slug: string };
  customer: PaystackCustomer;
};

/** A fetch-shaped function: the client only needs status and text of an answer. */
export type PaystackTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
) => Promise<{ status: number; text: string }>;

/** Which call to Paystack failed (a label of the operator's metrics: never the reference). */
export type PaystackOperation =
  | 'initialize'
  | 'verify'
  | 'charge_authorization'
  | 'refund'
  | 'fetch_refund'
  | 'create_customer'
  | 'dedicated_account';
/** No answer (network, timeout), an answer that is not JSON, or an answer that refuses. */
export type PaystackFailure = 'unreachable' | 'unreadable' | 'refused';
/** What the client tells the operator's metrics; app.ts hands in the metrics plugin's (this layer imports no plugin). */
export type PaystackMetrics = { paystackCallFailed(operation: PaystackOperation, reason: PaystackFailure): void };

export type PaystackClientOptions = {
  baseUrl: string;
  secretKey: string;
  /** Each call gives up after this long (10 s by default, as every API call of the app). */
  timeoutMs?: number;
  transport: PaystackTransport;
  metrics?: PaystackMetrics;
};

export const DEFAULT_PAYSTACK_TIMEOUT_MS = 10_000;

/**
 * The network transport: the server's one outbound client (https to a public address only, no
 * redirect followed), given up at the timeout.
 */
export function outboundTransport(outbound: Outbound): PaystackTransport {
  return async (url, init) => {
    const response = await outbound.fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      timeoutMs: init.timeoutMs,
    });
    return { status: response.status, text: await response.text() };
  };
}

/**
 * The sandbox transport: the emulator lives in this very app, so requests go through
 * app.inject — the same HTTP shape without a socket, which also works in tests that never listen.
 */
export function injectTransport(app: Pick<FastifyInstance, 'inject'>): PaystackTransport {
  return async (url, init) => {
    const parsed = new URL(url);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The payment gateway timed out')), init.timeoutMs);
      timer.unref();
    });
    try {
      const response = await Promise.race([
        app.inject({
          method: init.method as 'GET' | 'POST',
          url: `${parsed.pathname}${parsed.search}`,
          headers: init.headers,
          ...(init.body !== undefined ? { payload: init.body } : {}),
        }),
        timeout,
      ]);
      return { status: response.statusCode, text: response.body };
    } finally {
      clearTimeout(timer);
    }
  };
}

const gatewayError = (message: string, additionalInfo?: unknown) =>
  new AppError(message, { type: ErrorType.PaymentGatewayError, status: 502, additionalInfo });

/** ONE client for Paystack's REST API; the emulator answers the same calls. */
export class PaystackClient {
  readonly baseUrl: string;
  private readonly secretKey: string;
  private readonly transport: PaystackTransport;
  private readonly metrics: PaystackMetrics | undefined;
  timeoutMs: number;

  constructor(options: PaystackClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.secretKey = options.secretKey;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PAYSTACK_TIMEOUT_MS;
    this.transport = options.transport;
    this.metrics = options.metrics;
  }

  initializeTransaction(input: InitializeInput) {
    return this.call<InitializeData>('initialize', 'POST', '/transaction/initialize', input);
  }

  verifyTransaction(reference: string) {
    return this.call<TransactionData>('verify', 'GET', `/transaction/verify/${encodeURIComponent(reference)}`);
  }

  chargeAuthorization(input: ChargeAuthorizationInput) {
    return this.call<TransactionData>('charge_authorization', 'POST', '/transaction/charge_authorization', input);
  }

  createRefund(input: CreateRefundInput) {
    return this.call<RefundData>('refund', 'POST', '/refund', input);
  }

  fetchRefund(id: string | number) {
    return this.call<RefundData>('fetch_refund', 'GET', `/refund/${encodeURIComponent(String(id))}`);
  }

  createCustomer(input: CreateCustomerInput) {
    return this.call<PaystackCustomer>('create_customer', 'POST', '/customer', input);
  }

  createDedicatedAccount(input: DedicatedAccountInput) {
    return this.call<DedicatedAccountData>('dedicated_account', 'POST', '/dedicated_account', input);
  }

  /** Answers `data` of a `status: true` envelope; anything else is a PaymentGatewayError. */
  private async call<T>(
    operation: PaystackOperation,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    let answer: { status: number; text: string };
    try {
      answer = await this.transport(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        timeoutMs: this.timeoutMs,
      });
    } catch (err) {
      this.metrics?.paystackCallFailed(operation, 'unreachable');
      throw gatewayError('The payment gateway could not be reached', {
        path,
        cause: err instanceof Error ? err.message : String(err),
      });
    }
    let envelope: Partial<PaystackEnvelope<T>>;
    try {
      envelope = JSON.parse(answer.text) as Partial<PaystackEnvelope<T>>;
    } catch {
      this.metrics?.paystackCallFailed(operation, 'unreadable');
      throw gatewayError('The payment gateway sent an unreadable answer', { path, httpStatus: answer.status });
    }
    if (answer.status < 200 || answer.status >= 300 || envelope.status !== true || envelope.data === undefined) {
      this.metrics?.paystackCallFailed(operation, 'refused');
      throw gatewayError(envelope.message || 'The payment gateway refused the request', {
        path,
        httpStatus: answer.status,
      });
    }
    return envelope.data;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one Paystack client: the real API, or this app's own emulator in sandbox mode. */
    paystack: PaystackClient;
  }
}

/** True when the configured base URL is this app's own emulator. */
function usesOwnEmulator(config: FastifyInstance['config']) {
  return config.sandbox && config.paystackBaseUrl === `${config.publicUrl}/sandbox/paystack`;
}

/** The client the configuration asks for; a client of this app's own emulator goes through app.inject. */
export function createPaystackClient(
  app: Pick<FastifyInstance, 'config' | 'inject' | 'outbound'>,
  metrics?: PaystackMetrics,
): PaystackClient {
  return new PaystackClient({
    baseUrl: app.config.paystackBaseUrl,
    secretKey: app.config.paystackSecretKey,
    transport: usesOwnEmulator(app.config) ? injectTransport(app) : outboundTransport(app.outbound),
    metrics,
  });
}

/**
 * True when Paystack answered and refused (4xx other than auth and rate limits): the request
 * reached it and was definitively declined — unlike a timeout, where the outcome is unknown.
 */
export function isGatewayRefusal(err: unknown): boolean {
  if (!(err instanceof AppError) || err.type !== ErrorType.PaymentGatewayError) return false;
  const info = err.additionalInfo as { httpStatus?: unknown } | undefined;
  const status = typeof info?.httpStatus === 'number' ? info.httpStatus : 0;
  return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429;
}
