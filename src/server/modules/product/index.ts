// The product module's face: what other modules may use of it (`import … from '../product'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export type { ProductRow, SellableProduct } from './catalogue';
export {
  centerPricesOf,
  currentPriceVersion,
  findActiveProductsByIds,
  findProductsByIds,
  findProductTypesByIds,
  forgetProducts,
  priceAtCenter,
  pricesAt,
  pricesStillHold,
  priceVersionWindow,
  productFieldsOf,
  rememberedActiveProducts,
} from './catalogue';
export { findActiveProduct, listActiveProductRows } from './service';
