import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../domain/schemas/product';
import { productsFixture } from '../test/fixtures';
import type { Cart } from './cart';
import { emptyCheckoutDraft, type SavedCart, useSavedCart } from './saved-cart';

// The device's saved copies, answered when the test says: a slow phone reading its local database.
const copies = vi.hoisted(() => ({
  answer: null as null | ((row: { value: unknown; updatedAt: number } | undefined) => void),
  put: [] as { key: string; value: unknown }[],
  deleted: [] as string[],
}));
vi.mock('../../../lib/saved-copies', () => ({
  getCached: () =>
    new Promise((resolve) => {
      copies.answer = resolve;
    }),
  putCached: async (_table: string, key: string, value: unknown) => {
    copies.put.push({ key, value });
  },
  deleteCached: async (_table: string, key: string) => {
    copies.deleted.push(key);
  },
}));

const [, cylinder, burner] = productsFixture as [Product, Product, Product];
const line = (product: Product, quantity: number): Cart[number] => ({
  kind: 'item',
  key: `item:${product.id}`,
  productId: product.id,
  name: product.name,
  type: product.type,
  price: product.price,
  quantity,
});
const saved: SavedCart = {
  cart: [line(cylinder, 1)],
  checkout: {
    ...emptyCheckoutDraft,
    deliveryOption: 'PickUpBySomeOne',
    nominee: { name: 'Ada', phone: '08010000009' },
  },
};

beforeEach(() => {
  copies.answer = null;
  copies.put = [];
  copies.deleted = [];
});

describe('the cart kept on the device', () => {
  it('keeps what is added before the saved cart is read, and writes nothing until then', async () => {
    const { result } = renderHook(() => useSavedCart('client-1'));
    expect(result.current.restored).toBe(false);
    act(() => {
      result.current.dispatch({ type: 'addItem', product: cylinder });
      result.current.dispatch({ type: 'addItem', product: burner });
    });
    // The empty start (and the taps) must not replace the saved cart before it is read.
    expect(copies.put).toEqual([]);
    expect(copies.deleted).toEqual([]);

    await act(async () => copies.answer?.({ value: saved, updatedAt: 1 }));
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.cart).toEqual([line(cylinder, 2), line(burner, 1)]);
    // Nothing was typed at checkout meanwhile: the saved draft comes back.
    expect(result.current.checkout).toEqual(saved.checkout);
    await waitFor(() =>
      expect(copies.put.at(-1)).toEqual({
        key: 'client-1',
        value: { cart: [line(cylinder, 2), line(burner, 1)], checkout: saved.checkout },
      }),
    );
  });

  it('keeps a checkout typed before the saved one is read', async () => {
    const { result } = renderHook(() => useSavedCart('client-1'));
    const typed = { ...emptyCheckoutDraft, deliveryOption: 'HomeDelivery' as const };
    act(() => result.current.setCheckout(typed));
    await act(async () => copies.answer?.({ value: saved, updatedAt: 1 }));
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.checkout).toEqual(typed);
    expect(result.current.cart).toEqual(saved.cart);
  });

  it('does not bring the saved cart back once the cart was cleared (the order placed)', async () => {
    const { result } = renderHook(() => useSavedCart('client-1'));
    act(() => result.current.dispatch({ type: 'addItem', product: burner }));
    act(() => result.current.clear());
    await act(async () => copies.answer?.({ value: saved, updatedAt: 1 }));
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.cart).toEqual([]);
    expect(result.current.checkout).toEqual(emptyCheckoutDraft);
    expect(copies.put).toEqual([]);
  });

  it('is restored at once with nothing saved, and forgets an emptied cart', async () => {
    const { result } = renderHook(() => useSavedCart('client-1'));
    await act(async () => copies.answer?.(undefined));
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.cart).toEqual([]);
    await waitFor(() => expect(copies.deleted).toEqual(['client-1']));
  });
});
