/** Query keys of the admin area; approving a user invalidates `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  dashboardFor: (period: string) => ['admin', 'dashboard', period] as const,
  users: (params: object) => ['admin', 'users', params] as const,
  failedJobs: ['admin', 'jobs', 'failed'] as const,
  bidAssist: ['admin', 'bid-assist'] as const,
  bidAssistQueue: (status: string | undefined, page: number) => ['admin', 'bid-assist', status ?? 'all', page] as const,
  bidAssistOne: (id: string | null | undefined) => ['admin', 'bid-assist', 'one', id] as const,
};
