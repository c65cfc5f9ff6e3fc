import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/**
 * The client of a list a user keeps on their profile (the supplier's portfolio, the buyer's projects):
 * POST `base`, PUT and DELETE `base/{id}`, each answering `{ data }`. Every change refreshes the
 * profile settings and the public profiles that show the list.
 */
export function profileListClient<Item, Body>(base: string) {
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const client = {
    create: async (body: Body): Promise<Item> => (await api.post<{ data: Item }>(base, body)).data,
    update: async ({ id, body }: { id: string; body: Partial<Body> }): Promise<Item> =>
      (await api.put<{ data: Item }>(one(id), body)).data,
    remove: async (id: string): Promise<void> => {
      await api.delete(one(id));
    },
  };

  function useRefresh() {
    const qc = useQueryClient();
    return () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: settingsKeys.profile }),
        qc.invalidateQueries({ queryKey: sharedKeys.profiles.all }),
      ]);
  }

  return {
    ...client,
    useCreate() {
      const refresh = useRefresh();
      return useMutation({ mutationFn: client.create, onSuccess: refresh });
    },
    useUpdate() {
      const refresh = useRefresh();
      return useMutation({ mutationFn: client.update, onSuccess: refresh });
    },
    useDelete() {
      const refresh = useRefresh();
      return useMutation({ mutationFn: client.remove, onSuccess: refresh });
    },
  };
}
