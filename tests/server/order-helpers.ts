import type { FastifyInstance } from 'fastify';
import { ProductType } from '../../src/domain/enums';
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
