import type { ContractStatus } from '@brickyard/shared';
import { Badge, type BadgeTone } from '@/components/ui';

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  proposed: 'Proposed',
  active: 'Active',
  fulfilled: 'Fulfilled',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const TONES: Record<ContractStatus, BadgeTone> = {
  proposed: 'warning',
  active: 'success',
  fulfilled: 'info',
  declined: 'danger',
  cancelled: 'neutral',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge tone={TONES[status]}>{CONTRACT_STATUS_LABELS[status]}</Badge>;
}
