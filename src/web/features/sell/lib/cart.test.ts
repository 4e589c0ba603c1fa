import { describe, expect, it } from 'vitest';
import { MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { formatOrderLine } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import {
  addLine,
  beyondKnownStock,
  canAddOne,
  leftAfterQueued,
  orderInput,
  priceCart,
  provisionalNumber,
  queuedLines,
  stepQuantity,
} from './cart';

const product = (over: Partial<Product>): Product => ({
  id: 'p',
  type: 'Burner',
  name: 'Single burner',
  description: '',
  price: 850_000,
  sizeKg: null,
  imageUrl: null,
  available: null,
  ...over,
});
const gas = product({ id: 'gas', type: 'Gas', name: 'Cooking gas', price: 125_000 });
const burner = product({ id: 'burner', available: 2 });

describe('the counter basket', () => {
  it('prices gas per kg like the server and says "12.5 kg refill (12.5 kg cylinder)", never "× 12.5"', () => {
    let lines = addLine([], { productId: 'gas', quantity: 12.5, sizeKg: 12.5 });
    lines = addLine(lines, { productId: 'gas', quantity: 5.5, sizeKg: 6 });
    lines = addLine(lines, { productId: 'burner', quantity: 1 });
    lines = addLine(lines, { productId: 'burner', quantity: 1 });
    const priced = priceCart(lines, [gas, burner]);
    expect(priced.lines.map(formatOrderLine)).toEqual([
      'Cooking gas 12.5 kg refill (12.5 kg cylinder)',
      'Cooking gas 5.5 kg refill (6 kg cylinder)',
      'Single burner × 2',
    ]);
    expect(priced.total).toBe(1_562_500 + 687_500 + 1_700_000);
    expect(orderInput(lines, [gas, burner])).toMatchObject({ type: 'Gas and Product', deliveryOption: 'PickerUP' });
  });

  it('flags what asks for more than the tablet last knew was left', () => {
    const lines = addLine(addLine([], { productId: 'burner', quantity: 2 }), { productId: 'burner', quantity: 1 });
    expect(beyondKnownStock(lines, [gas, burner]).map((p) => p.id)).toEqual(['burner']);
    expect(
      beyondKnownStock(
        lines.slice(0, 1).map((l) => ({ ...l, quantity: 2 })),
        [gas, burner],
      ),
    ).toEqual([]);
  });

  it('gives a new line a key no line of the basket has, lines read back from a draft included', () => {
    // A basket read back after a reload keeps its keys; one removed leaves a gap.
    const restored = [
      { key: 'line-1', productId: 'gas', quantity: 6, sizeKg: 6 },
      { key: 'line-3', productId: 'burner', quantity: 1 },
    ];
    const lines = addLine(addLine(restored, { productId: 'gas', quantity: 12.5, sizeKg: 12.5 }), {
      productId: 'gas',
      quantity: 3,
      sizeKg: 3,
    });
    const keys = lines.map((l) => l.key);
    expect(new Set(keys).size).toBe(4);
    expect(keys.slice(0, 2)).toEqual(['line-1', 'line-3']);
  });

  it('steps a counted line up and down, removes it at 0, and leaves a refill alone', () => {
    let lines = addLine(addLine([], { productId: 'gas', quantity: 6, sizeKg: 6 }), {
      productId: 'burner',
      quantity: 1,
    });
    const burner = lines[1]?.key ?? '';
    lines = stepQuantity(stepQuantity(lines, burner, 1), burner, 1);
    expect(lines[1]?.quantity).toBe(3);
    expect(stepQuantity(lines, lines[0]?.key ?? '', 1)[0]?.quantity).toBe(6);
    lines = stepQuantity(stepQuantity(stepQuantity(lines, burner, -1), burner, -1), burner, -1);
    expect(lines.map((l) => l.productId)).toEqual(['gas']);
  });

  it('takes at most MAX_ITEM_QUANTITY of a counted product in one sale, by + or by Add', () => {
    let lines = addLine([], { productId: 'burner', quantity: MAX_ITEM_QUANTITY - 1 });
    const key = lines[0]?.key ?? '';
    lines = stepQuantity(lines, key, 1);
    expect(lines[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(canAddOne(MAX_ITEM_QUANTITY)).toBe(false);
    expect(stepQuantity(lines, key, 1)[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(addLine(lines, { productId: 'burner', quantity: 1 })[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
  });

  it("counts the tablet's own sales waiting to sync against what is left; refused ones took nothing", () => {
    const sale = (status: string, quantity: number) => ({
      status,
      payload: {
        body: {
          order: orderInput([{ productId: 'burner', quantity }], [gas, burner]),
        },
      },
    });
    const queued = queuedLines([sale('pending', 1), sale('failed', 1)]);
    const shelf = leftAfterQueued([gas, product({ id: 'burner', available: 3 })], queued);
    expect(shelf.map((p) => p.available)).toEqual([null, 2]);
    // One more queued sale of 2 would leave 0: a third burner is more than is left.
    expect(beyondKnownStock([{ productId: 'burner', quantity: 2 }], shelf)).toEqual([]);
    expect(beyondKnownStock([{ productId: 'burner', quantity: 3 }], shelf).map((p) => p.id)).toEqual(['burner']);
  });

  it('counts a queued sale only at the center it was made at (one queued before centers: everywhere)', () => {
    const sale = (centerId?: string) => ({
      status: 'pending',
      payload: {
        body: { order: orderInput([{ productId: 'burner', quantity: 1 }], [gas, burner]) },
        ...(centerId ? { centerId } : {}),
      },
    });
    const sales = [sale('ikeja'), sale('lekki'), sale()];
    expect(queuedLines(sales, 'ikeja')).toHaveLength(2);
    expect(queuedLines(sales, 'lekki')).toHaveLength(2);
    expect(queuedLines(sales)).toHaveLength(3);
  });

  it('gives offline receipts a provisional number the server accepts', () => {
    expect(provisionalNumber()).toMatch(/^OFF-[A-Z0-9]{6}$/);
  });
});
