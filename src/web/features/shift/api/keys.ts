/** Query keys of the shift feature, general → specific; mutations invalidate through these. */
export const shiftKeys = {
  all: ['shift'] as const,
  active: () => [...shiftKeys.all, 'active'] as const,
  myToday: () => [...shiftKeys.all, 'today'] as const,
  open: () => [...shiftKeys.all, 'all-active'] as const,
  drawers: (range: { fromDate: string; toDate: string; center?: string }) =>
    [...shiftKeys.all, 'drawers', range] as const,
};
