import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser, PageMeta, Role } from '@brickyard/shared';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export interface ListUsersParams {
  page: number;
  pageSize: number;
  role?: Role;
  approved?: 'true' | 'false';
  q?: string;
}

export async function listUsers(params: ListUsersParams, signal?: AbortSignal) {
  return api.get<{ data: AdminUser[]; meta: PageMeta }>('/api/auth/users', { ...params }, signal);
}

export function useUsers(params: ListUsersParams) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}
