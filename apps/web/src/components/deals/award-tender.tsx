import { useState } from 'react';
import { Award, Handshake } from 'lucide-react';
import type { Tender } from '@brickyard/shared';
import { Button, ButtonLink } from '@/components/ui';
import { AwardDialog } from './award-dialog';
import { paths } from '@/lib/paths';

/**
 * The buyer's award action on their tender: an active tender can be awarded to a supplier;
 * once awarded (pending) the deal is followed up in Deals.
 */
export function TenderAwardAction({ tender }: { tender: Tender }) {
  const [open, setOpen] = useState(false);
  if (tender.status === 'pending') {
    return (
      <ButtonLink to={paths.buyer.deals} variant="secondary">
        <Handshake className="size-4" aria-hidden="true" />
        View deal
      </ButtonLink>
    );
  }
  if (tender.status !== 'active') return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} leftIcon={<Award className="size-4" aria-hidden="true" />}>
        Award
      </Button>
      <AwardDialog open={open} onClose={() => setOpen(false)} tender={tender} />
    </>
  );
}
