/** Query keys of the staff follow-up screens (leads, payment problems), general → specific. */
export const followUpKeys = {
  all: ['follow-up'] as const,
  leads: (contact: string) => [...followUpKeys.all, 'leads', contact] as const,
  paymentProblems: () => [...followUpKeys.all, 'payment-problems'] as const,
};
