import { SimpleGrid, Stack, Title } from '@mantine/core';
import { type Dispatch, memo, useRef, useState } from 'react';
import { ProductType } from '../../../../domain/enums';
import type { Product } from '../../../../domain/schemas/product';
import type { CartAction } from '../lib/cart';
import { GasRefillCard } from './gas-refill-card';
import { MyCylinders } from './my-cylinders';
import { ProductCard } from './product-card';

const sections = [
  { type: ProductType.Cylinder, title: 'Cylinders' },
  { type: ProductType.Burner, title: 'Burners and regulators' },
  { type: ProductType.GasStove, title: 'Gas cookers' },
] as const;

type Props = {
  products: Product[];
  /** How many of each product (by id) the cart holds. */
  inCart: ReadonlyMap<string, number>;
  dispatch: Dispatch<CartAction>;
  /** The dialog to add a cylinder opens with the shelves (asked for before the app took over). */
  addCylinderOpen?: boolean;
};

/**
 * The shop's shelves: gas by size or kg, the client's cylinders, then cylinders, burners and
 * cookers. Drawn again only when the catalogue or the cart changes: the wallet, the saved card
 * and the checkout's fields, which arrive or change while the shop opens, leave them alone (on a
 * cheap phone each drawing of the shelves is a long task).
 */
export const Shelves = memo(function Shelves({ products, inCart, dispatch, addCylinderOpen = false }: Props) {
  const gasRef = useRef<HTMLDivElement>(null);
  const [refillSize, setRefillSize] = useState(12.5);
  const gas = products.find((p) => p.type === ProductType.Gas);
  return (
    <Stack gap="lg">
      {gas && (
        <div ref={gasRef}>
          <GasRefillCard
            gas={gas}
            sizeKg={refillSize}
            onSizeChange={setRefillSize}
            onAdd={(sizeKg, kg) => dispatch({ type: 'addGas', product: gas, sizeKg, kg })}
          />
        </div>
      )}
      <MyCylinders
        addOpen={addCylinderOpen}
        onRefill={(sizeKg) => {
          setRefillSize(sizeKg);
          gasRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        }}
      />
      {sections.map(({ type, title }) => {
        const list = products.filter((p) => p.type === type);
        if (list.length === 0) return null;
        return (
          <section key={type} aria-label={title}>
            <Title order={2} size="h3" mb="sm">
              {title}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
              {list.map((p) => (
                <ProductCard
                  key={p.id}
                  product={p}
                  inCart={inCart.get(p.id) ?? 0}
                  onAdd={() => dispatch({ type: 'addItem', product: p })}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
});
