/** Query keys of the public pages. */
export const publicKeys = {
  config: ['public', 'config'] as const,
};
