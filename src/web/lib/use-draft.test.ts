import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestKeys, isLastRequest } from './idempotency-key';
import { forgetDrafts, readDraft, useDraft, writeDraft } from './use-draft';

const isString = (v: unknown): v is string => typeof v === 'string';

afterEach(() => sessionStorage.clear());

describe('a form draft', () => {
  it('is read back by the next screen of the tab, as a reload would', () => {
    const first = renderHook(() => useDraft('sale.phone', '', isString));
    act(() => first.result.current[1]('0801 000 0002'));
    first.unmount();
    const again = renderHook(() => useDraft('sale.phone', '', isString));
    expect(again.result.current[0]).toBe('0801 000 0002');
    act(() => again.result.current[1]((previous) => `${previous}!`));
    expect(readDraft('sale.phone', isString)).toBe('0801 000 0002!');
  });

  it('drops what it does not accept instead of trusting it', () => {
    writeDraft('sale.phone', 42);
    const { result } = renderHook(() => useDraft('sale.phone', 'empty', isString));
    expect(result.current[0]).toBe('empty');
    sessionStorage.setItem('arrive.draft.sale.phone', '{not json');
    expect(readDraft('sale.phone', isString)).toBeUndefined();
  });

  it('is forgotten on sign-out, every draft of the tab and nothing else', () => {
    writeDraft('sale.phone', '08010000002');
    writeDraft('shift.amount', { kind: 'shift.end', amount: 5000 });
    sessionStorage.setItem('arrive.dashboard.lastOrderId', 'o1');
    forgetDrafts();
    expect(readDraft('sale.phone', isString)).toBeUndefined();
    expect(sessionStorage.getItem('arrive.draft.shift.amount')).toBeNull();
    expect(sessionStorage.getItem('arrive.dashboard.lastOrderId')).toBe('o1');
  });

  it('keeps a request key across a reload: the same sale sent again after one keeps its key', () => {
    const store = {
      read: () => readDraft('sale.key', isLastRequest) ?? null,
      write: (last: unknown) => writeDraft('sale.key', last ?? undefined),
    };
    const before = createRequestKeys(store).keyFor({ phone: '08010000002', total: 500 });
    const afterReload = createRequestKeys(store);
    expect(afterReload.keyFor({ phone: '08010000002', total: 500 })).toBe(before);
    afterReload.renew();
    expect(readDraft('sale.key', isLastRequest)).toBeUndefined();
    expect(createRequestKeys(store).keyFor({ phone: '08010000002', total: 500 })).not.toBe(before);
  });
});
