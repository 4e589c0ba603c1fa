import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '../../../../domain/schemas/order';
import { productsQueryOptions } from '../api/get-products';
import { reorderFrom } from '../lib/reorder';
import { loadSavedCart, saveCart } from '../lib/saved-cart';

type Props = {
  order: Order;
  clientId: string;
  productsHref: string;
  /** Press it at once, once (the client tapped it on the order's first view); `onStarted` then. */
  startNow?: boolean;
  onStarted?: () => void;
};

/**
 * "Order again": the order's lines go into the cart at today's prices with the same delivery
 * choice, and the client lands on the shop to adjust and check out.
 */
export function OrderAgainButton({ order, clientId, productsHref, startNow = false, onStarted }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const orderAgain = async () => {
    setBusy(true);
    try {
      const [catalogue, saved] = await Promise.all([
        queryClient.fetchQuery({ ...productsQueryOptions(), staleTime: 0 }),
        loadSavedCart(clientId).catch(() => undefined),
      ]);
      const { cart, checkout, skipped } = reorderFrom(order, catalogue.data.products, saved?.cart);
      await saveCart(clientId, { cart, checkout });
      if (skipped.length > 0) {
        notifications.show({
          color: 'orange',
          title: 'Some items are not available now',
          message: `Not added: ${skipped.join(', ')}.`,
        });
      }
      navigate(productsHref);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not add the order to your cart',
        message: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pressed once, when asked to be
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    onStarted?.();
    void orderAgain();
  }, [startNow]);

  return (
    <Button mih={44} variant="light" loading={busy} onClick={() => void orderAgain()}>
      Order again
    </Button>
  );
}
