import { ApiError } from './api-client';

/**
 * The server placed nothing because the order's total is not the one shown (a price changed since
 * the screen read it): the screen reads the prices again and the person confirms the new total.
 */
export function isPriceChange(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.reason === 'PriceChanged';
}
