/** Query keys of the payments feature, general → specific. */
export const paymentKeys = {
  all: ['payments'] as const,
  mode: () => [...paymentKeys.all, 'mode'] as const,
  checkout: (orderNumber: string) => [...paymentKeys.all, 'checkout', orderNumber] as const,
  verify: (paymentNumber: string) => [...paymentKeys.all, 'verify', paymentNumber] as const,
  orderPayments: (orderNumber: string) => [...paymentKeys.all, 'order-payments', orderNumber] as const,
  usable: () => [...paymentKeys.all, 'usable'] as const,
};
