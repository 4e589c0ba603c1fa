import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { paymentKeys } from '../api/keys';
import { discardUsableCard, saveUsableCard } from '../api/saved-card';

/**
 * "Keep this card?" after a successful payment. Whatever the answer and whether or not the call
 * works, the client moves on (failures of saving or discarding are ignored).
 */
export function SavedCardPanel({
  card,
  paymentNumber,
  onDone,
}: {
  card: SavedCard;
  paymentNumber: string;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState<'save' | 'discard' | null>(null);
  const queryClient = useQueryClient();
  const answer = async (choice: 'save' | 'discard') => {
    setBusy(choice);
    try {
      await (choice === 'save' ? saveUsableCard(paymentNumber) : discardUsableCard(paymentNumber));
    } catch {
      // Never block the way to the order for this.
    }
    // The checkout offers the card kept now.
    void queryClient.invalidateQueries({ queryKey: paymentKeys.usable() });
    onDone();
  };
  return (
    <Card withBorder radius="md" padding="lg" w="100%">
      <Stack gap="xs">
        <Text fw={600}>Save this card for faster payments?</Text>
        <Text size="sm" c="dimmed">
          Card ending in <strong>{card.last4}</strong> (number starting {card.bin}), expires{' '}
          {`${card.expireMonth}/${card.expireYear}`}. The card itself stays with Paystack.
        </Text>
        <Group mt="sm">
          <Button onClick={() => void answer('save')} loading={busy === 'save'} disabled={busy !== null}>
            Save card
          </Button>
          <Button
            variant="default"
            onClick={() => void answer('discard')}
            loading={busy === 'discard'}
            disabled={busy !== null}
          >
            No, thanks
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
