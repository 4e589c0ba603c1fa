import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/schemas/product';
import { productsFixture } from '../test/fixtures';
import { buildOrderInput, type Cart, cartReducer, cartSubtotal, orderTypeOf } from './cart';

const gas: Product = {
  id: 'g',
  type: 'Gas',
  name: 'LPG',
  description: '',
  price: 125_000,
  sizeKg: null,
  imageUrl: null,
  available: null,
};
const stove: Product = {
  id: 's',
  type: 'GasStove',
  name: 'Stove',
  description: '',
  price: 3_800_000,
  sizeKg: null,
  imageUrl: null,
  available: 3,
};

const pickup = {
  deliveryOption: 'PickerUP' as const,
  address: null,
  homeDeliveryType: 'oneWay' as const,
  nominee: null,
};

describe('the cart', () => {
  it('merges equal refills and items, and removes a line at quantity zero', () => {
    let cart: Cart = [];
    cart = cartReducer(cart, { type: 'addGas', product: gas, sizeKg: 12.5, kg: 12.5 });
    cart = cartReducer(cart, { type: 'addGas', product: gas, sizeKg: 12.5, kg: 12.5 });
    cart = cartReducer(cart, { type: 'addGas', product: gas, sizeKg: 6, kg: 3 });
    cart = cartReducer(cart, { type: 'addItem', product: stove });
    cart = cartReducer(cart, { type: 'addItem', product: stove });
    expect(cart.map((l) => l.key)).toEqual(['gas:12.5:12.5', 'gas:6:3', 'item:s']);
    expect(cart[0]).toMatchObject({ count: 2 });
    expect(cart[2]).toMatchObject({ quantity: 2 });
    expect(cartSubtotal(cart)).toBe(2 * 1_562_500 + 375_000 + 2 * 3_800_000);
    cart = cartReducer(cart, { type: 'setQuantity', key: 'gas:6:3', quantity: 0 });
    expect(cart.map((l) => l.key)).toEqual(['gas:12.5:12.5', 'item:s']);
  });

  it('brings a saved cart back under what was added while it was read, merged by line', () => {
    let saved: Cart = cartReducer([], { type: 'addGas', product: gas, sizeKg: 12.5, kg: 12.5 });
    saved = cartReducer(saved, { type: 'addItem', product: stove });
    saved = cartReducer(saved, { type: 'setQuantity', key: 'item:s', quantity: 19 });
    // Tapped before the saved cart arrived: one more stove, and a refill not in it.
    let meanwhile = cartReducer([], { type: 'addItem', product: stove });
    meanwhile = cartReducer(meanwhile, { type: 'addItem', product: stove });
    meanwhile = cartReducer(meanwhile, { type: 'addGas', product: gas, sizeKg: 6, kg: 6 });
    const cart = cartReducer(meanwhile, { type: 'restore', cart: saved });
    expect(cart.map((l) => l.key)).toEqual(['gas:12.5:12.5', 'item:s', 'gas:6:6']);
    expect(cart[0]).toMatchObject({ count: 1 });
    // 19 saved and 2 added: held at the per-line limit.
    expect(cart[1]).toMatchObject({ quantity: 20 });
    expect(cart[2]).toMatchObject({ count: 1 });
    // Nothing added meanwhile: the saved cart as it was.
    expect(cartReducer([], { type: 'restore', cart: saved })).toEqual(saved);
  });

  it('never goes above the per-line limit', () => {
    let cart = cartReducer([], { type: 'addItem', product: stove });
    cart = cartReducer(cart, { type: 'setQuantity', key: 'item:s', quantity: 500 });
    expect(cart[0]).toMatchObject({ quantity: 20 });
  });

  it('derives the order type from what is in it', () => {
    const withGas = cartReducer([], { type: 'addGas', product: gas, sizeKg: 5, kg: 5 });
    expect(orderTypeOf(withGas)).toBe('Gas');
    expect(orderTypeOf(cartReducer([], { type: 'addItem', product: stove }))).toBe('Product');
    expect(orderTypeOf(cartReducer(withGas, { type: 'addItem', product: stove }))).toBe('Gas and Product');
  });

  it('builds the order body: one item per refilled cylinder, no prices', () => {
    let cart = cartReducer([], { type: 'addGas', product: gas, sizeKg: 12.5, kg: 10 });
    cart = cartReducer(cart, { type: 'setQuantity', key: 'gas:12.5:10', quantity: 2 });
    cart = cartReducer(cart, { type: 'addItem', product: stove });
    expect(buildOrderInput(cart, pickup)).toEqual({
      type: 'Gas and Product',
      deliveryOption: 'PickerUP',
      items: [
        { productId: 'g', quantity: 10, sizeKg: 12.5 },
        { productId: 'g', quantity: 10, sizeKg: 12.5 },
        { productId: 's', quantity: 1 },
      ],
    });
  });

  it('names the gas center chosen for a pickup, never for a home delivery (the nearest one is the server’s)', () => {
    const cart = cartReducer([], { type: 'addItem', product: stove });
    const centerId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    expect(buildOrderInput(cart, { ...pickup, centerId })).toMatchObject({ centerId });
    const nominee = { name: 'Ada Obi', phone: '08012345678' };
    expect(buildOrderInput(cart, { ...pickup, deliveryOption: 'PickUpBySomeOne', nominee, centerId })).toMatchObject({
      nominee,
      centerId,
    });
    const address = { line1: '1 Allen Avenue', city: 'Ikeja', state: 'Lagos' };
    expect(buildOrderInput(cart, { ...pickup, deliveryOption: 'HomeDelivery', address, centerId })).not.toHaveProperty(
      'centerId',
    );
    expect(buildOrderInput(cart, { ...pickup, centerId: null })).not.toHaveProperty('centerId');
  });

  it('is incomplete for home delivery without an address or pickup by someone without details', () => {
    const cart = cartReducer([], { type: 'addItem', product: stove });
    expect(buildOrderInput(cart, { ...pickup, deliveryOption: 'HomeDelivery' })).toBeNull();
    expect(buildOrderInput(cart, { ...pickup, deliveryOption: 'PickUpBySomeOne' })).toBeNull();
    expect(buildOrderInput([], pickup)).toBeNull();
    const address = { line1: '1 Allen Avenue', city: 'Ikeja', state: 'Lagos' };
    // DoubleWay only makes sense for a refill: a stove-only order goes one way.
    expect(
      buildOrderInput(cart, { ...pickup, deliveryOption: 'HomeDelivery', address, homeDeliveryType: 'DoubleWay' }),
    ).toMatchObject({
      address,
      homeDeliveryType: 'oneWay',
    });
  });

  it('re-prices its lines from the catalogue read again, and is the same cart when nothing moved', () => {
    const gas = productsFixture.find((p) => p.type === 'Gas');
    const burner = productsFixture.find((p) => p.id === 'b');
    if (!gas || !burner) throw new Error('fixtures');
    let cart = cartReducer([], { type: 'addGas', product: gas, sizeKg: 12.5, kg: 12.5 });
    cart = cartReducer(cart, { type: 'addItem', product: burner });
    expect(cartReducer(cart, { type: 'reprice', products: productsFixture })).toBe(cart);
    const raised = productsFixture.map((p) => ({ ...p, price: p.price + 100 }));
    const repriced = cartReducer(cart, { type: 'reprice', products: raised });
    expect(repriced.map((l) => (l.kind === 'gas' ? l.pricePerKg : l.price))).toEqual([
      gas.price + 100,
      burner.price + 100,
    ]);
    expect(cartSubtotal(repriced)).toBe(Math.round((gas.price + 100) * 12.5) + burner.price + 100);
  });
});
