/** Query keys of the auth feature. */
export const authKeys = {
  verifyEmail: (token: string | null) => ['auth', 'verify-email', token] as const,
};
