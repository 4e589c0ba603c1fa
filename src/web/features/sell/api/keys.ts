/** Query keys of the walk-in sale screen, general → specific. */
export const sellKeys = {
  all: ['sell'] as const,
  /** The catalogue of the shift's gas center (null: a shift from before there were centers). */
  catalogue: (centerId: string | null) => [...sellKeys.all, 'catalogue', centerId ?? 'default'] as const,
};
