import { describe, expect, it } from 'vitest';
import { orderFixture, productsFixture } from '../test/fixtures';
import { cartSubtotal } from './cart';
import { reorderFrom } from './reorder';

const line = (over: Partial<ReturnType<typeof orderFixture>['items'][number]>) => ({
  id: 'x',
  productId: 'b',
  productType: 'Burner' as const,
  name: 'Single burner (cylinder top)',
  unitPrice: 700_000,
  quantity: 2,
  sizeKg: null,
  lineTotal: 1_400_000,
  ...over,
});

describe('reorderFrom', () => {
  it("puts the order's lines in the cart at today's prices, with its delivery choice", () => {
    const order = orderFixture({
      items: [...orderFixture().items, line({})],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'DoubleWay',
      deliveryAddress: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', note: 'Blue gate' },
      centerId: 'lekki',
      centerName: 'Arrive Lekki',
    });
    const { cart, checkout, skipped } = reorderFrom(order, productsFixture);
    expect(skipped).toEqual([]);
    expect(cart).toEqual([
      expect.objectContaining({ kind: 'gas', productId: 'g', sizeKg: 12.5, kg: 12.5, count: 1, pricePerKg: 125_000 }),
      // The order paid ₦7,000 a burner; today's price is ₦8,500.
      expect.objectContaining({ kind: 'item', productId: 'b', quantity: 2, price: 850_000 }),
    ]);
    expect(cartSubtotal(cart)).toBe(1_562_500 + 1_700_000);
    expect(checkout).toMatchObject({
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'DoubleWay',
      address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', note: 'Blue gate' },
      // A home delivery comes from the center nearest the address, whichever it came from before.
      centerId: null,
    });
  });

  it('adds to what is already in the cart, and leaves out what is no longer sold or sold out', () => {
    const first = reorderFrom(orderFixture({ items: [line({ quantity: 1 })] }), productsFixture);
    const order = orderFixture({
      items: [
        line({ quantity: 1 }),
        line({ productId: 'gone', name: 'Old regulator' }),
        line({ productId: 's', productType: 'GasStove', name: 'Table-top gas cooker, 2 burners' }),
        line({ productId: 'c12', productType: 'Cylinder', name: '12.5 kg gas cylinder', quantity: 5 }),
      ],
      deliveryOption: 'PickUpBySomeOne',
      nomineeName: 'Tunde',
      nomineePhone: '08031234567',
      centerId: 'lekki',
      centerName: 'Arrive Lekki',
    });
    const { cart, checkout, skipped } = reorderFrom(order, productsFixture, first.cart);
    expect(skipped).toEqual(['Old regulator', 'Table-top gas cooker, 2 burners']);
    expect(cart).toEqual([
      expect.objectContaining({ productId: 'b', quantity: 2 }),
      // Only 3 left: the cart takes what can be ordered.
      expect.objectContaining({ productId: 'c12', quantity: 3 }),
    ]);
    expect(checkout).toMatchObject({
      deliveryOption: 'PickUpBySomeOne',
      nominee: { name: 'Tunde', phone: '08031234567' },
      // Collected at the same center again.
      centerId: 'lekki',
    });
  });
});
