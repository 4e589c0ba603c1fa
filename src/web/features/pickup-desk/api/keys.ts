/** Query keys of the pickup desk, general → specific. */
export const pickupDeskKeys = {
  all: ['pickup-desk'] as const,
  order: (orderId: string) => [...pickupDeskKeys.all, 'order', orderId] as const,
};
