import { Alert, Badge, Box, Button, Card, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { SavedCopyAge } from '../../../components/saved-copy-age';
import { centerCatalogueQueryOptions } from '../api/center-catalogue';
import { productsQueryOptions, savedProductsQueryOptions } from '../api/get-products';
import { cartCount, cartSubtotal, itemCountsById } from '../lib/cart';
import { useSavedCart } from '../lib/saved-cart';
import { clearShopHandoff, peekShopHandoff } from '../lib/shop-handoff';
import { CHECKOUT_EMPTY_TEXT, cartAtCenter, centerPriceChanges, checkoutOpen } from '../lib/shop-model';
import { CartLines } from './cart-lines';
import { CheckoutPanel, type CheckoutWallet, type PlacedPayment } from './checkout-panel';
import { Shelves } from './shelves';

type Props = {
  onPlaced: (order: Order, payment: PlacedPayment) => void;
  /** The signed-in client: their cart is kept on this device until the order is placed. */
  clientId?: string;
  /** The client's wallet, to offer paying from it (the route reads it from the wallet area). */
  wallet?: CheckoutWallet;
  /** The client's saved card (the route reads it from the payments area). */
  savedCard?: SavedCard | null;
  /** The gas centers, for a pickup to choose where (the route reads them from the centers area). */
  centers?: readonly Center[] | undefined;
};

/** The shop: gas by kg or cylinder size, cylinders, burners, stoves, a cart and checkout. */
export function ProductsScreen({ onPlaced, clientId, wallet, savedCard, centers }: Props) {
  const products = useQuery(productsQueryOptions());
  // Until the network answers, the copy saved on this device (see savedProductsQueryOptions).
  const saved = useQuery({ ...savedProductsQueryOptions(), enabled: products.isPending });
  const arrived = products.data ?? (products.isPending ? (saved.data ?? undefined) : undefined);
  // The shelves are drawn as a transition, in slices a cheap phone can answer a tap between, not
  // in one long task the moment the catalogue arrives; the loader stays until they are.
  const catalogue = useDeferredValue(arrived);
  const { cart, dispatch, checkout, setCheckout, restored, clear } = useSavedCart(clientId);
  // Each catalogue read from the network re-prices the cart's lines (a price changed meanwhile).
  const live = products.data && !products.data.fromCache ? products.data.data.products : null;
  useEffect(() => {
    if (live && restored) dispatch({ type: 'reprice', products: live });
  }, [live, restored, dispatch]);
  // The order is priced at its gas center (the pickup's chosen, the delivery's nearest, as the
  // checkout knows it): the cart's lines and totals show that center's prices, from its catalogue.
  const [pricingCenterId, setPricingCenterId] = useState<string | null>(null);
  const centerCatalogue = useQuery({
    ...centerCatalogueQueryOptions(pricingCenterId ?? ''),
    enabled: pricingCenterId !== null && cart.length > 0,
  });
  const centerProducts = pricingCenterId ? centerCatalogue.data?.products : undefined;
  const pricedCart = useMemo(() => cartAtCenter(cart, centerProducts), [cart, centerProducts]);
  const priceChanges = useMemo(() => centerPriceChanges(cart, pricedCart), [cart, pricedCart]);
  const cartRef = useRef<HTMLElement>(null);
  const inCartById = useMemo(() => itemCountsById(cart), [cart]);
  // Taking over the shop's first view (features/orders/light): the page stays where the client had
  // scrolled it, once the shelves and the cart are drawn again, and a dialog asked for opens.
  const [handoff] = useState(peekShopHandoff);
  const drawn = Boolean(catalogue) && restored;
  useLayoutEffect(() => {
    if (!handoff || !drawn) return;
    clearShopHandoff();
    window.scrollTo(0, handoff.scrollY);
  }, [handoff, drawn]);

  if (!catalogue && (arrived || !products.isError)) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading products" />
      </Group>
    );
  }
  if (!catalogue) {
    return (
      <Alert color="red" title="The catalogue could not be loaded" role="alert">
        {products.error?.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Order gas and products
        </Title>
        <Text c="dimmed">Gas is priced per kg; you see the delivery fee before you confirm.</Text>
      </Stack>
      <SavedCopyAge
        fromCache={products.data?.fromCache ?? false}
        updatedAt={catalogue.updatedAt}
        what="Prices"
        needsNetwork="You can fill your cart; placing the order and paying need a connection."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Shelves
            products={catalogue.data.products}
            inCart={inCartById}
            dispatch={dispatch}
            addCylinderOpen={handoff?.intent === 'add-cylinder'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 72 }}>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cart-title" ref={cartRef}>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h3" id="cart-title">
                  Your cart
                </Title>
                {/* No count until the saved cart is read: "0" would be a guess. */}
                {(restored || cart.length > 0) && (
                  <Badge size="lg" variant="light" aria-label={`${cartCount(cart)} items in cart`}>
                    {cartCount(cart)}
                  </Badge>
                )}
              </Group>
              <CartLines cart={pricedCart} dispatch={dispatch} restoring={!restored} />
            </Card>
            {checkoutOpen(cart) ? (
              <CheckoutPanel
                cart={pricedCart}
                centerPriceChanges={priceChanges}
                onPricingCenter={setPricingCenterId}
                checkout={checkout}
                onCheckoutChange={setCheckout}
                {...(wallet ? { wallet } : {})}
                {...(savedCard ? { savedCard } : {})}
                centers={centers}
                onPlaced={(order, payment) => {
                  clear();
                  onPlaced(order, payment);
                }}
              />
            ) : (
              // Nothing to deliver or pay for yet: what to do first, as the shop's first view says it.
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-title">
                <Title order={2} size="h3" id="checkout-title" mb="sm">
                  Delivery and payment
                </Title>
                <Text size="sm" c="dimmed">
                  {CHECKOUT_EMPTY_TEXT}
                </Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {cart.length > 0 && (
        // On phones the cart sits below the catalogue: keep its total and a way there in reach.
        <>
          <Box hiddenFrom="md" h={72} aria-hidden />
          <Paper
            hiddenFrom="md"
            shadow="md"
            withBorder
            p="sm"
            style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 100, borderRadius: 0 }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {/* The items' sum: checkout adds delivery, so this is not called the total. */}
                {cartCount(cart)} in cart · subtotal {formatNaira(cartSubtotal(pricedCart))}
              </Text>
              <Button mih={44} onClick={() => cartRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
                Checkout
              </Button>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}
