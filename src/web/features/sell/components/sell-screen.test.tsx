import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterSaleResponse } from '../../../../domain/schemas/counter';
import { deviceId } from '../../../lib/device-id';
import { localDb } from '../../../lib/local-db';
import { putCached } from '../../../lib/saved-copies';
import { ikejaCenter, lekkiCenter } from '../../../test/center-fixtures';
import { type FakeRequest, fakeApi, refusal } from '../../../test/fake-api';
import { orderFixture, productsFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { COUNTER_CATALOGUE_CACHE_KEY, counterCatalogueCacheKey } from '../api/counter-catalogue-key';
import { SellScreen } from './sell-screen';

beforeEach(async () => {
  sessionStorage.clear();
  await localDb.shift.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** A shift that names no center (an installation of one): the catalogue's own default. */
const noCenterNamed = { known: true, centerId: null };

const recorded = (): CounterSaleResponse => ({
  client: { id: 'c9', phoneLocal: '08030000123', firstname: null, lastname: null, email: null },
  order: orderFixture({ status: 'Delivered', paymentType: 'Wallet' }),
  sale: {
    paymentType: 'Wallet',
    posReference: null,
    provisionalNumber: null,
    handedOver: true,
    shiftId: null,
    staffName: 'Chidi Eze',
    receiptSms: 'sent',
  },
});

describe('a counter sale paid from the wallet', () => {
  it('asks for the code texted to the customer, then sends it with the sale (read as they say it)', async () => {
    const sales: unknown[] = [];
    fakeApi({
      'GET product': { status: 200, body: { products: productsFixture } },
      'POST client/new_order': ({ body }: FakeRequest) => {
        sales.push(body);
        const code = (body as { payment: { code?: string } }).payment.code;
        if (!code) {
          return refusal(409, 'Conflict', "We texted a code to the customer's phone.", { reason: 'WalletCodeSent' });
        }
        return { status: 201, body: recorded() };
      },
    });
    const first = renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByText('Wallet', { exact: true }));
    await user.click(screen.getByRole('button', { name: /^Text the customer a code/ }));
    await screen.findByLabelText(/Code from the customer's SMS/);
    // The toast's close button has a name (axe button-name).
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // A reload keeps the field: a new code each reload would spend the customer's few an hour.
    first.unmount();
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    await screen.findByLabelText(/Code from the customer's SMS/);
    // The code pays the amount it was texted for: a changed basket asks for a new one.
    await user.click(screen.getByRole('button', { name: 'One more Single burner (cylinder top)' }));
    expect(screen.queryByLabelText(/Code from the customer's SMS/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One fewer Single burner (cylinder top)' }));
    const field = await screen.findByLabelText(/Code from the customer's SMS/);
    expect(screen.getByRole('button', { name: /^Complete sale/ })).toBeDisabled();
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: /^Complete sale/ }));
    await waitFor(() => expect(sales).toHaveLength(2));
    expect(sales[0]).toMatchObject({ payment: { type: 'Wallet' }, order: { expectedTotal: 850_000 } });
    expect((sales[0] as { payment: object }).payment).not.toHaveProperty('code');
    expect(sales[1]).toMatchObject({ payment: { type: 'Wallet', code: '123456' } });
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
  });
});

describe('the next sale', () => {
  it('starts on cash, tells the shift its drawer moved, and says a phone is wrong only once it is whole or left', async () => {
    fakeApi({
      'GET product': { status: 200, body: { products: productsFixture } },
      'POST client/new_order': { status: 201, body: recorded() },
    });
    const onRecorded = vi.fn();
    renderWithProviders(
      <SellScreen seller={{ name: 'Chidi Eze' }} onRecorded={onRecorded} shiftCenter={noCenterNamed} />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    const phone = screen.getByLabelText(/Customer's phone/);
    await user.type(phone, '0803');
    expect(screen.queryByText('Mobile number format is not correct')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Mobile number format is not correct')).toBeInTheDocument();
    await user.type(phone, '0000123');
    expect(screen.queryByText('Mobile number format is not correct')).not.toBeInTheDocument();
    await user.click(screen.getByText('POS/transfer', { exact: true }));
    await user.type(screen.getByLabelText(/POS or transfer reference/), 'POS-77');
    await user.click(screen.getByRole('button', { name: /^Complete sale|^Record/ }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
  });
});

describe('a sale whose SMS receipt was held back', () => {
  it('is recorded, and the receipt screen says the SMS was not sent and why', async () => {
    const message =
      'The SMS receipt was not sent: this phone number has had 5 such texts this hour, the most we send. Texts can go out again in 20 min.';
    fakeApi({
      'GET product': { status: 200, body: { products: productsFixture } },
      'POST client/new_order': {
        status: 201,
        body: {
          ...recorded(),
          sale: { ...recorded().sale, receiptSms: 'withheld' },
          sms: {
            sent: false,
            reason: 'SmsBudgetReached',
            budget: 'phone',
            retryAfter: new Date().toISOString(),
            message,
          },
        },
      },
    });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByText('POS/transfer', { exact: true }));
    await user.type(screen.getByLabelText(/POS or transfer reference/), 'POS-79');
    await user.click(screen.getByRole('button', { name: /^Complete sale|^Record/ }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    const notice = screen.getByTestId('sms-notice');
    expect(notice).toHaveTextContent('SMS receipt not sent');
    expect(notice).toHaveTextContent(message);
    expect(await screen.findByText('Sale recorded · SMS receipt not sent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.queryByTestId('sms-notice')).not.toBeInTheDocument();
  });
});

describe('a sale whose answer never came', () => {
  it('goes again as the same request, with the moment the payment was taken', async () => {
    const { calls } = fakeApi({
      'GET product': { status: 200, body: { products: productsFixture } },
      'POST client/new_order': [{ offline: true }, { status: 201, body: recorded() }],
    });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByText('POS/transfer', { exact: true }));
    await user.type(screen.getByLabelText(/POS or transfer reference/), 'POS-78');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: /^Complete sale|^Record/ }));
    await screen.findByText('No answer from the server');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await user.click(screen.getByRole('button', { name: /^Complete sale|^Record/ }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === 'client/new_order');
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    const soldAt = Date.parse((first?.body as { soldAt?: string } | undefined)?.soldAt ?? '');
    expect(soldAt).toBeGreaterThanOrEqual(before);
    expect(first?.body).toMatchObject({ order: { expectedTotal: 850_000 }, payment: { reference: 'POS-78' } });
  });
});

describe('a cash sale made offline', () => {
  afterEach(() => localDb.pendingActions.clear());

  it('names this tablet and the catalogue version of its saved prices, with the total it charged', async () => {
    await putCached('shift', COUNTER_CATALOGUE_CACHE_KEY, { products: productsFixture, priceVersion: 7 });
    const { calls } = fakeApi({ 'GET product': { offline: true }, 'POST client/new_order': { offline: true } });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByRole('button', { name: /^Take cash/ }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    const [sent] = calls.filter((c) => c.path === 'client/new_order');
    expect(sent?.body).toMatchObject({
      provisionalNumber: expect.stringMatching(/^OFF-[A-Z0-9]{6}$/),
      deviceId: deviceId(),
      priceVersion: 7,
      order: { expectedTotal: 850_000 },
      payment: { type: 'Cash' },
    });
  });

  it('does not sell offline from prices saved without their catalogue version', async () => {
    // A copy saved by the app before it kept the version: the list alone.
    await putCached('shift', COUNTER_CATALOGUE_CACHE_KEY, productsFixture);
    fakeApi({ 'GET product': { offline: true } });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={noCenterNamed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    expect(screen.getByText(/saved by an older version of the app/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Take cash/ })).toBeDisabled();
  });
});

/** A shift at Lekki, as the shift screen's read (or its copy offline) tells the counter. */
const atLekki = { known: true, centerId: lekkiCenter.id };
/** The burner at Lekki's own price: ₦9,000 where the company's is ₦8,500. */
const lekkiProducts = productsFixture.map((p) => (p.id === 'b' ? { ...p, price: 900_000 } : p));

describe("the counter's own gas center", () => {
  afterEach(() => localDb.pendingActions.clear());

  it("reads the catalogue of the shift's center and sells at its price", async () => {
    const sales: unknown[] = [];
    const asked: (string | null)[] = [];
    fakeApi({
      'GET product': ({ query }: FakeRequest) => {
        asked.push(query.get('center'));
        return { status: 200, body: { products: lekkiProducts, priceVersion: 3 } };
      },
      'POST client/new_order': ({ body }: FakeRequest) => {
        sales.push(body);
        return { status: 201, body: recorded() };
      },
    });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={atLekki} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(asked).toEqual([lekkiCenter.id]);
    expect(screen.getByTestId('basket-total')).toHaveTextContent('₦9,000');
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByRole('button', { name: /^Take cash ₦9,000/ }));
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]).toMatchObject({ order: { expectedTotal: 900_000 } });
  });

  it('offline, sells from the copy saved at its center, at that center’s prices', async () => {
    await putCached('shift', counterCatalogueCacheKey(ikejaCenter.id), { products: productsFixture, priceVersion: 3 });
    await putCached('shift', counterCatalogueCacheKey(lekkiCenter.id), { products: lekkiProducts, priceVersion: 3 });
    const { calls } = fakeApi({
      'GET product': { offline: true },
      'POST client/new_order': { offline: true },
    });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={atLekki} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(screen.getByTestId('basket-total')).toHaveTextContent('₦9,000');
    await user.type(screen.getByLabelText(/Customer's phone/), '08030000123');
    await user.click(screen.getByRole('button', { name: /^Take cash/ }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    const [sent] = calls.filter((c) => c.path === 'client/new_order');
    expect(sent?.body).toMatchObject({ priceVersion: 3, order: { expectedTotal: 900_000 } });
  });

  it('never shows the copy another center left: a tablet moved to Lekki has no catalogue offline', async () => {
    await putCached('shift', counterCatalogueCacheKey(ikejaCenter.id), { products: productsFixture, priceVersion: 3 });
    // The copy kept before there were centers is no center's either.
    await putCached('shift', COUNTER_CATALOGUE_CACHE_KEY, { products: productsFixture, priceVersion: 3 });
    fakeApi({ 'GET product': { offline: true } });
    renderWithProviders(<SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={atLekki} />);
    expect(await screen.findByText('No catalogue on this tablet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Single burner (cylinder top)' })).not.toBeInTheDocument();
  });
});
