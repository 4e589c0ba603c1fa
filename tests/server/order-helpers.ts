import type { FastifyInstance } from 'fastify';
import { ProductType } from '../../src/domain/enums';
import type { Order } from '../../src/domain/schemas/order';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { products } from '../../src/server/modules/product/tables';

/** The seeded catalogue by role, for building orders in the order suites. */
export async function catalogue(app: FastifyInstance) {
  const rows = await app.db.select().from(products);
  const find = (pred: (p: (typeof rows)[number]) => boolean, what: string) => {
    const hit = rows.find(pred);
    if (!hit) throw new Error(`seeded catalogue lacks ${what}`);
    return hit;
  };
  return {
    gas: find((p) => p.type === ProductType.Gas, 'gas'),
    cylinder12: find((p) => p.type === ProductType.Cylinder && p.sizeKg === 12.5, 'a 12.5 kg cylinder'),
    burner: find((p) => p.type === ProductType.Burner, 'a burner'),
    stove: find((p) => p.type === ProductType.GasStove, 'a stove'),
  };
}

/** Where the delivery suites' orders go. */
const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 };

/** A home delivery of a 12.5 kg refill (`gasId`) to Yaba for `clientId`, paid by card unless `paid` is false. */
export async function homeDeliveryRefill(
  app: FastifyInstance,
  clientId: string,
  gasId: string,
  { paid = true }: { paid?: boolean } = {},
): Promise<Order> {
  const order = await createOrder(
    app.db,
    clientId,
    {
      type: 'Gas',
      items: [{ productId: gasId, quantity: 12.5, sizeKg: 12.5 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'oneWay',
      address: yaba,
    },
    { legs: app.orderLegs },
  );
  if (paid) await markOrderPaid(app.db, order.id, 'Electronic');
  return order;
}
