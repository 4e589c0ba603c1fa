/** Query keys of the counter's sale screen, general → specific. */
export const sellKeys = {
  all: ['sell'] as const,
  catalogue: () => [...sellKeys.all, 'catalogue'] as const,
};
