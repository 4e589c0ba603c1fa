/** Query keys of the walk-in sale screen, general → specific. */
export const sellKeys = {
  all: ['sell'] as const,
  catalogue: () => [...sellKeys.all, 'catalogue'] as const,
};
