/** Query and mutation keys of the marketing feature, general → specific. */
export const leadKeys = {
  all: ['leads'] as const,
  interest: (service: string) => [...leadKeys.all, 'interest', service] as const,
  application: (role: string) => [...leadKeys.all, 'application', role] as const,
};
