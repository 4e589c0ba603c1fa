/** Query keys of the client's pickup feature, general → specific. */
export const pickupKeys = {
  all: ['pickup'] as const,
  client: () => [...pickupKeys.all, 'client'] as const,
  clientList: () => [...pickupKeys.client(), 'list'] as const,
};
