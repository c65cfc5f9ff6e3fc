import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderQuestion } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** POST /api/questions/{id}/answer */
export async function answerQuestion({
  id,
  text,
  publish,
}: {
  id: string;
  text: string;
  publish: boolean;
}): Promise<TenderQuestion> {
  const res = await api.post<{ data: TenderQuestion }>(`/api/questions/${encodeURIComponent(id)}/answer`, {
    text,
    publish,
  });
  return res.data;
}

export function useAnswerQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: (q) => qc.invalidateQueries({ queryKey: responseKeys.questions(q.tenderId) }),
  });
}
