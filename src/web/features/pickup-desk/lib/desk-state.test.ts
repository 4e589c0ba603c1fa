import { describe, expect, it } from 'vitest';
import { pickupEligibilityStatusValues } from '../../../../domain/enums';
import { ApiError } from '../../../lib/api-client';
import { deskReducer, deskVerdict, eligibilityWords, initialDeskState, lookupRefusalTitle } from './desk-state';

const orderId = '11111111-1111-4111-8111-111111111111';
const pickupId = '22222222-2222-4222-8222-222222222222';
const ref = { orderId, pickupId, orderNumber: 'ARV-ABC123' };
const opened = {
  ...ref,
  status: 'Pending' as const,
  requestedAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T10:01:30.000Z',
  total: 100_000,
  items: [],
  deliveryOption: 'PickerUP' as const,
  nomineeName: null,
  staffName: 'Ada',
  clientOnline: true,
};

/** The request as the server keeps it, still waiting for the client. */
const pending = {
  id: pickupId,
  orderId,
  status: 'Pending' as 'Pending' | 'ClientReject' | 'Completed',
  confirmationAction: 'Pending' as 'Pending' | 'Rejected' | 'Approve',
  requestedAt: opened.requestedAt,
  expiresAt: opened.expiresAt,
  respondedAt: null as string | null,
  completedAt: null,
  staffName: 'Ada',
  nomineeVerified: false,
};

describe('deskReducer', () => {
  const waiting = [
    { type: 'select', orderId } as const,
    { type: 'requesting' } as const,
    { type: 'server', event: 'requestConfirmationStaff', payload: opened } as const,
  ].reduce(deskReducer, initialDeskState);

  it('opens a request and waits for the client', () => {
    expect(waiting).toMatchObject({ phase: 'waiting', pickupId, clientOnline: true });
  });

  describe('an order found and its owner asked in the same call', () => {
    const found = { type: 'found', orderId, request: pending, clientOnline: true } as const;
    const sent = (state: typeof initialDeskState) =>
      state.log.filter((line) => line.text === 'Request sent to the client’s phone.').length;

    it('waits for the client, the request said once whichever news comes first', () => {
      const eventFirst = [
        { type: 'server', event: 'requestConfirmationStaff', payload: opened } as const,
        found,
      ].reduce(deskReducer, initialDeskState);
      const answerFirst = [
        found,
        { type: 'server', event: 'requestConfirmationStaff', payload: opened } as const,
      ].reduce(deskReducer, initialDeskState);
      for (const state of [eventFirst, answerFirst]) {
        expect(state).toMatchObject({ phase: 'waiting', orderId, pickupId, clientOnline: true });
        expect(sent(state)).toBe(1);
      }
    });

    it('says the request waits when the client’s phone is offline', () => {
      const state = deskReducer(initialDeskState, { ...found, clientOnline: false });
      expect(state).toMatchObject({ phase: 'waiting', clientOnline: false });
      expect(state.log[0]?.text).toBe('Request waiting: the client’s phone is offline.');
    });

    it('shows an order not asked for as found, and keeps a request already waiting for it', () => {
      expect(deskReducer(initialDeskState, { ...found, request: null })).toMatchObject({
        phase: 'idle',
        orderId,
        pickupId: null,
      });
      expect(deskReducer(waiting, { ...found, request: null })).toBe(waiting);
    });
  });

  it('finishes on approval with the hand-over instruction', () => {
    const done = deskReducer(waiting, {
      type: 'server',
      event: 'StaffConfirmApproval',
      payload: { ...ref, deliveredAt: '2026-01-01T10:00:20.000Z', nomineeName: null },
    });
    expect(done.phase).toBe('approved');
    expect(done.result).toMatch(/Hand the order over/);
  });

  it('settles a request answered while the live channel was down, once it is back', () => {
    const record = {
      ...pending,
      status: 'ClientReject' as const,
      confirmationAction: 'Rejected' as const,
      respondedAt: '2026-01-01T10:00:30.000Z',
    };
    expect(deskReducer(waiting, { type: 'caughtUp', request: record })).toMatchObject({ phase: 'rejected' });
    expect(
      deskReducer(waiting, {
        type: 'caughtUp',
        request: { ...record, status: 'Completed', confirmationAction: 'Approve' },
      }),
    ).toMatchObject({ phase: 'approved' });
    // Still open, another request, or nothing: the desk keeps waiting.
    expect(deskReducer(waiting, { type: 'caughtUp', request: { ...record, status: 'Pending' } })).toBe(waiting);
    expect(deskReducer(waiting, { type: 'caughtUp', request: { ...record, id: orderId } })).toBe(waiting);
    expect(deskReducer(waiting, { type: 'caughtUp', request: null })).toBe(waiting);
  });

  it('finishes on refusal and on expiry', () => {
    const refused = deskReducer(waiting, {
      type: 'server',
      event: 'pickupConfirmationResponseStaff',
      payload: { ...ref, action: 'Rejected', status: 'ClientReject', dispute: 'none', message: 'The client refused.' },
    });
    expect(refused.phase).toBe('rejected');
    const expired = deskReducer(waiting, {
      type: 'server',
      event: 'ClientRequestCancelled',
      payload: { ...ref, reason: 'Expired', message: 'Expired.' },
    });
    // Unanswered is not refused: the desk may ask again or text a code, never "do not hand over".
    expect(expired).toMatchObject({ phase: 'idle', pickupId: null, result: null });
    expect(expired.notice).toMatch(/text the client a hand-over code/);
    expect(deskVerdict('Eligible', expired.phase).label).toBe('Ready for pickup');
    const cancelled = deskReducer(waiting, {
      type: 'server',
      event: 'ClientRequestCancelled',
      payload: { ...ref, reason: 'StaffCancelled', message: 'Cancelled.' },
    });
    expect(cancelled.phase).toBe('closed');
  });

  it('tracks the client going offline and coming back', () => {
    const off = deskReducer(waiting, {
      type: 'server',
      event: 'ClientOffLine',
      payload: { ...ref, message: 'offline' },
    });
    expect(off.clientOnline).toBe(false);
    const back = deskReducer(off, { type: 'server', event: 'ClientBackOnline', payload: ref });
    expect(back.clientOnline).toBe(true);
  });

  it('ignores events of other orders, and warns when another desk hands this order over', () => {
    const other = deskReducer(waiting, {
      type: 'server',
      event: 'StaffConfirmApproval',
      payload: { ...ref, orderId: '33333333-3333-4333-8333-333333333333', deliveredAt: 'x', nomineeName: null },
    });
    expect(other).toBe(waiting);
    const elsewhere = deskReducer(waiting, {
      type: 'server',
      event: 'StaffConfirmApproval',
      payload: { ...ref, pickupId: '44444444-4444-4444-8444-444444444444', deliveredAt: 'x', nomineeName: null },
    });
    expect(elsewhere.phase).toBe('closed');
    expect(elsewhere.result).toMatch(/another counter/);
  });
  it('takes its own hand-over with a texted code as approved, whether the event or the answer comes first', () => {
    const selected = deskReducer(initialDeskState, { type: 'select', orderId });
    const confirming = deskReducer(selected, { type: 'confirming', on: true });
    const event = {
      type: 'server',
      event: 'StaffConfirmApproval',
      payload: { ...ref, pickupId: '55555555-5555-4555-8555-555555555555', deliveredAt: 'x', nomineeName: null },
    } as const;
    const eventFirst = deskReducer(deskReducer(confirming, event), {
      type: 'handedOver',
      text: 'Code accepted. Hand the order over.',
    });
    expect(eventFirst).toMatchObject({
      phase: 'approved',
      confirming: false,
      result: 'Code accepted. Hand the order over.',
    });
    expect(eventFirst.log.filter((e) => e.tone === 'ok')).toHaveLength(1);
    const answerFirst = deskReducer(
      deskReducer(confirming, { type: 'handedOver', text: 'Code accepted. Hand the order over.' }),
      event,
    );
    expect(answerFirst).toMatchObject({ phase: 'approved', result: 'Code accepted. Hand the order over.' });
    // A failed try leaves the desk where it was.
    expect(deskReducer(confirming, { type: 'confirming', on: false })).toMatchObject({
      phase: 'idle',
      confirming: false,
    });
  });
});

describe('the verdict on the order card', () => {
  it('words every eligibility for people, never the raw code', () => {
    expect(eligibilityWords).toEqual({
      Eligible: 'Ready for pickup',
      AlreadyPickedUp: 'Already picked up',
      NotPaid: 'Not paid',
      DisputeExists: 'Dispute open',
      Error: 'Order not found',
      Delivered: 'Already delivered',
      Cancelled: 'Cancelled',
    });
    for (const status of pickupEligibilityStatusValues) {
      expect(deskVerdict(status, 'idle')).toMatchObject({
        label: eligibilityWords[status],
        showEligibilityMessage: true,
      });
    }
  });

  it('shows the live outcome instead of the eligibility once the hand-over has ended', () => {
    // Fetched again after the approval, the order says AlreadyPickedUp: the card says approved.
    expect(deskVerdict('AlreadyPickedUp', 'approved')).toEqual({
      label: 'Approved: hand over',
      tone: 'ok',
      showEligibilityMessage: false,
    });
    // Refused or closed while the order still reads Eligible: never "ready" beside "do not hand over".
    expect(deskVerdict('Eligible', 'rejected')).toMatchObject({ label: 'Refused: do not hand over', tone: 'bad' });
    expect(deskVerdict('Eligible', 'closed')).toMatchObject({
      label: 'Do not hand over',
      showEligibilityMessage: false,
    });
  });

  it('keeps the eligibility while the request is on its way', () => {
    expect(deskVerdict('Eligible', 'waiting').label).toBe('Ready for pickup');
    expect(deskVerdict('Eligible', 'requesting').showEligibilityMessage).toBe(true);
  });
});

describe('a failed look-up at the desk', () => {
  it('is titled for what happened; the server says where another center’s order is collected', () => {
    const elsewhere = new ApiError({
      status: 409,
      type: 'Conflict',
      message: 'This order is collected at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos.',
      additionalInfo: { reason: 'OtherCenter', centerName: 'Arrive Lekki' },
    });
    expect(lookupRefusalTitle(elsewhere)).toBe('Collected at another gas center');
    expect(lookupRefusalTitle(new ApiError({ status: 404, type: 'NotFound', message: 'No such order' }))).toBe(
      'Not found',
    );
    expect(lookupRefusalTitle(new Error('No connection: check your network'))).toBe('Not found');
  });
});
