import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderQuestion } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** POST /api/tender/{id}/questions */
export async function askQuestion({ tenderId, text }: { tenderId: string; text: string }): Promise<TenderQuestion> {
  const res = await api.post<{ data: TenderQuestion }>(`/api/tender/${encodeURIComponent(tenderId)}/questions`, {
    text,
  });
  return res.data;
}

export function useAskQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: askQuestion,
    onSuccess: (q) => qc.invalidateQueries({ queryKey: responseKeys.questions(q.tenderId) }),
  });
}
