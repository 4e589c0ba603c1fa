import type { ProductType } from '../../../../domain/enums';
import { formatNumber } from '../../../../domain/format';

/** A quantity in its product's unit, as the stock screens write it: "12.5 kg", "1 item", "8 items". */
export function quantityText(quantity: number, of: ProductType | 'kg' | 'item'): string {
  if (of === 'Gas' || of === 'kg') return `${formatNumber(quantity, Number.isInteger(quantity) ? 0 : 1)} kg`;
  return `${formatNumber(quantity, 0)} ${quantity === 1 ? 'item' : 'items'}`;
}
