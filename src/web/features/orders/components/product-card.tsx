import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatNaira } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import { productAddDisabled, productStockNote, stockToneColor } from '../lib/shop-model';

type Props = { product: Product; inCart: number; onAdd: () => void };

/** A cylinder, burner or stove with its price and what is left. */
export function ProductCard({ product, inCart, onAdd }: Props) {
  const soldOut = productAddDisabled(product, inCart);
  const note = productStockNote(product);
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
            {note && (
              <Text size="xs" c={stockToneColor[note.tone]}>
                {note.text}
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
