import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectBody, Project } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/**
 * Buyer projects (docs/product.md section 3 Buyer-profile extras): POST /api/settings/projects,
 * PUT and DELETE /api/settings/projects/{id}. Status completed makes a past project.
 */
export async function createProject(body: CreateProjectBody): Promise<Project> {
  const res = await api.post<{ data: Project }>('/api/settings/projects', body);
  return res.data;
}

export async function updateProject({ id, body }: { id: string; body: Partial<CreateProjectBody> }): Promise<Project> {
  const res = await api.put<{ data: Project }>(`/api/settings/projects/${encodeURIComponent(id)}`, body);
  return res.data;
}

export async function deleteProject(id: string): Promise<void> {
  await api.delete(`/api/settings/projects/${encodeURIComponent(id)}`);
}

function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: settingsKeys.profile }),
      qc.invalidateQueries({ queryKey: sharedKeys.profiles.all }),
    ]);
}

export function useCreateProject() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createProject, onSuccess: refresh });
}
export function useUpdateProject() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: updateProject, onSuccess: refresh });
}
export function useDeleteProject() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteProject, onSuccess: refresh });
}
