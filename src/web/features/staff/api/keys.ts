/** Query keys of the staff feature, general → specific. */
export const staffKeys = {
  all: ['staff'] as const,
  active: () => [...staffKeys.all, 'active'] as const,
};
