import { walletPaymentBodySchema, walletPaymentResponseSchema } from '../../../domain/schemas/wallet';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { payOrderFromWallet, walletPaymentsTogether } from '../wallet';

/** POST /api/payment/wallet: paying an order from the wallet, which the wallet module does. */
const walletPaymentRoutes = routesOf(['payment', 'wallet'], async (app, route) => {
  // This instance's payments of the same moment, made in one statement together.
  const together = walletPaymentsTogether(app.db);
  app.post(
    '/wallet',
    route('Pay an unpaid order from the wallet (PaymentType Wallet); InsufficientFund, WalletNotFound', {
      who: app.requireClient,
      idempotent: true,
      body: walletPaymentBodySchema,
      ok: walletPaymentResponseSchema,
    }),
    async (request) => {
      const { homeDelivery, ...paid } = await payOrderFromWallet(
        app,
        signedInClientId(request),
        request.body.orderNumber,
        together,
      );
      // A paid home delivery joins its center's dispatch board now.
      if (homeDelivery) app.deliveryNotices.orderPaid({ orderNumber: paid.orderNumber });
      return paid;
    },
  );
});

export default walletPaymentRoutes;
