import { ANSWER_LABELS, type RequirementAnswer, type ResponseStatus } from '@brickyard/shared';
import { Badge, type BadgeTone } from '@/components/ui';

export const RESPONSE_STATUS_LABELS: Record<ResponseStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  awarded: 'Awarded',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
};
const TONES: Record<ResponseStatus, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  shortlisted: 'brand',
  awarded: 'success',
  unsuccessful: 'danger',
  withdrawn: 'neutral',
};

export function ResponseStatusBadge({ status }: { status: ResponseStatus }) {
  return <Badge tone={TONES[status]}>{RESPONSE_STATUS_LABELS[status]}</Badge>;
}

const ANSWER_TONES: Record<RequirementAnswer, BadgeTone> = { meets: 'success', partly: 'warning', does_not: 'danger' };

export function AnswerBadge({ answer }: { answer: RequirementAnswer | undefined }) {
  if (!answer) return <Badge tone="neutral">Not answered</Badge>;
  return <Badge tone={ANSWER_TONES[answer]}>{ANSWER_LABELS[answer]}</Badge>;
}
