/** Query keys of the dashboards, one per role and period. */
export const dashboardKeys = {
  buyer: (period: string) => ['dashboard', 'buyer', period] as const,
  supplier: (period: string) => ['dashboard', 'supplier', period] as const,
};
