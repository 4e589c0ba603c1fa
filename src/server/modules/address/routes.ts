import { previousAddressesSchema } from '../../../domain/schemas/delivery';
import { deliveryAddressSchema } from '../../../domain/schemas/order';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { listClientDeliveryAddresses } from '../order';

/** How many distinct previous addresses to offer. */
const MAX_ADDRESSES = 10;

/** Routes of the /api/address area. */
const addressRoutes = routesOf('address', async (app, route) => {
  app.get(
    '/previous_deliver',
    route('Distinct addresses the client had orders delivered to, most recent first', {
      who: app.requireClient,
      ok: previousAddressesSchema,
    }),
    async (request) => {
      const rows = await listClientDeliveryAddresses(app.db, signedInClientId(request), 200);
      const seen = new Set<string>();
      const addresses = [];
      for (const row of rows) {
        const parsed = deliveryAddressSchema.safeParse(row.address);
        if (!parsed.success) continue;
        const key = `${parsed.data.line1}|${parsed.data.city}`.toLowerCase().replace(/\s+/g, ' ');
        if (seen.has(key)) continue;
        seen.add(key);
        addresses.push({ ...parsed.data, lastUsedAt: row.at.toISOString() });
        if (addresses.length >= MAX_ADDRESSES) break;
      }
      return { addresses };
    },
  );
});

export default addressRoutes;
