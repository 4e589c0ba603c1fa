// Fixtures several features' tests share (a feature's tests may not import another feature's).
export { orderFixture, productsFixture } from '../features/orders/test/fixtures';
export { paymentView } from '../features/payments/test/fixtures';
