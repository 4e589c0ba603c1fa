/** Query keys of the pickup feature, general → specific. */
export const pickupKeys = {
  all: ['pickup'] as const,
  client: () => [...pickupKeys.all, 'client'] as const,
  clientList: () => [...pickupKeys.client(), 'list'] as const,
  counter: () => [...pickupKeys.all, 'counter'] as const,
  counterOrder: (orderId: string) => [...pickupKeys.counter(), 'order', orderId] as const,
};
