import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatNaira } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';

type Props = { product: Product; inCart: number; onAdd: () => void };

/** A cylinder, burner or stove with its price and what is left. */
export function ProductCard({ product, inCart, onAdd }: Props) {
  const soldOut = product.available !== null && product.available <= inCart;
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap={6} h="100%" justify="space-between">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        </div>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700} size="lg">
              {formatNaira(product.price)}
            </Text>
            {product.available !== null && product.available <= 10 && (
              <Text size="xs" c={product.available === 0 ? 'red' : 'orange'}>
                {product.available === 0 ? 'Out of stock' : `Only ${product.available} left`}
              </Text>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap">
            {inCart > 0 && (
              <Badge variant="light" aria-label={`${inCart} in cart`}>
                {inCart}
              </Badge>
            )}
            <Button
              size="sm"
              mih={44}
              variant="light"
              onClick={onAdd}
              disabled={soldOut}
              aria-label={`Add ${product.name}`}
            >
              Add
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
