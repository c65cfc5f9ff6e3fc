/** Query keys of the settings pages. */
export const settingsKeys = {
  profile: ['settings', 'profile'] as const,
  account: ['settings', 'account'] as const,
  security: ['settings', 'security'] as const,
  notifications: ['settings', 'notifications'] as const,
  privacy: ['settings', 'privacy'] as const,
};
