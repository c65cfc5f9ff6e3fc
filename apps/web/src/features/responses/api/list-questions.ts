import { useQuery } from '@tanstack/react-query';
import type { TenderQuestion } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

export interface QuestionList {
  data: TenderQuestion[];
  meta: { total: number; questionDeadline: string | null; open: boolean };
}

/** GET /api/tender/{id}/questions */
export function listQuestions(tenderId: string, signal?: AbortSignal) {
  return api.get<QuestionList>(`/api/tender/${encodeURIComponent(tenderId)}/questions`, undefined, signal);
}

export function useQuestions(tenderId: string) {
  return useQuery({
    queryKey: responseKeys.questions(tenderId),
    queryFn: ({ signal }) => listQuestions(tenderId, signal),
  });
}
