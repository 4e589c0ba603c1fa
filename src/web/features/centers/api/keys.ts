/** Query keys of the centers feature, general → specific; its mutations invalidate through these. */
export const centerKeys = {
  all: ['centers'] as const,
  list: () => [...centerKeys.all, 'list'] as const,
};
