/** Query keys of the pickup counter, general → specific. */
export const counterKeys = {
  all: ['counter'] as const,
  order: (orderId: string) => [...counterKeys.all, 'order', orderId] as const,
};
