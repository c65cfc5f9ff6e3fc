import { Link } from 'react-router';
import { Ban, Check, CheckCircle2, Pencil, Star, X } from 'lucide-react';
import type { Contract } from '@brickyard/shared';
import { ContractStatusBadge, ProfileLink } from '@/components/deals';
import { DateText } from '@/components/listing';
import { Badge, Button, Card } from '@/components/ui';
import { formatPence } from '@/lib/format';
import { dealMilestone, stepsOf, type DealStep } from '../deal-steps';
import { paths } from '@/lib/paths';

export function DealCard({
  contract: c,
  onStep,
}: {
  contract: Contract;
  onStep: (step: DealStep, c: Contract) => void;
}) {
  const side = c.side ?? 'buyer';
  const other = c.counterparty ?? (side === 'buyer' ? c.supplier : c.buyer);
  const steps = stepsOf(c);
  const tenderLink =
    c.tenderId && (side === 'buyer' || ['proposed', 'active', 'fulfilled'].includes(c.status))
      ? `/${side}/tender/${c.tenderId}`
      : null;
  const when = dealMilestone(c);

  return (
    <Card className="p-4 sm:p-5" aria-label={`Deal: ${c.tenderTitle}`} role="article">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="mb-1.5 flex flex-wrap items-center gap-2">
            <ContractStatusBadge status={c.status} />
            {c.status === 'fulfilled' && !c.canReview && <Badge tone="success">You reviewed this deal</Badge>}
          </div>
          <h3 className="text-base font-semibold break-words text-ink-900">
            {tenderLink ? (
              <Link to={tenderLink} className="hover:text-brand-700 hover:underline">
                {c.tenderTitle}
              </Link>
            ) : (
              c.tenderTitle
            )}
          </h3>
        </div>
        <div className="shrink-0 sm:text-right">
          <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Contract value</p>
          <p className="text-xl font-bold text-ink-900 tabular-nums">{formatPence(c.valuePence)}</p>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">
            {side === 'buyer' ? 'Supplier' : 'Buyer'}
          </dt>
          <dd className="mt-0.5 break-words">
            {other.deleted ? (
              <span className="text-ink-500">{other.companyName} (account closed)</span>
            ) : (
              <ProfileLink userId={other.id}>{other.companyName}</ProfileLink>
            )}
            {other.name && <span className="block text-xs text-ink-500">{other.name}</span>}
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Catalogue item</dt>
          <dd className="mt-0.5 break-words text-ink-900">
            {c.catalogueItemTitle ? (
              side === 'supplier' && c.catalogueItemId ? (
                <Link
                  to={paths.supplier.catalogueItem(c.catalogueItemId)}
                  className="hover:text-brand-700 hover:underline"
                >
                  {c.catalogueItemTitle}
                </Link>
              ) : (
                c.catalogueItemTitle
              )
            ) : (
              <span className="text-ink-500">Not specified</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Proposed on</dt>
          <dd className="mt-0.5 text-ink-900">
            <DateText value={c.createdAt} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">{when.label}</dt>
          <dd className="mt-0.5 text-ink-900">{when.at ? <DateText value={when.at} /> : '—'}</dd>
        </div>
        <div className="col-span-2 min-w-0 lg:col-span-4">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Terms</dt>
          <dd className="mt-0.5 line-clamp-3 break-words whitespace-pre-line text-ink-800">
            {c.terms || <span className="text-ink-500">Not specified</span>}
          </dd>
        </div>
        {c.note && (
          <div className="col-span-2 min-w-0 lg:col-span-4">
            <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Note</dt>
            <dd className="mt-0.5 break-words text-ink-800">{c.note}</dd>
          </div>
        )}
      </dl>

      {steps.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-ink-100 pt-4">
          {steps.includes('accept') && (
            <Button
              size="sm"
              onClick={() => onStep('accept', c)}
              leftIcon={<Check className="size-4" aria-hidden="true" />}
            >
              Accept
            </Button>
          )}
          {steps.includes('decline') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onStep('decline', c)}
              leftIcon={<X className="size-4" aria-hidden="true" />}
            >
              Decline
            </Button>
          )}
          {steps.includes('complete') && (
            <Button
              size="sm"
              variant="dark"
              onClick={() => onStep('complete', c)}
              leftIcon={<CheckCircle2 className="size-4" aria-hidden="true" />}
            >
              Mark complete
            </Button>
          )}
          {steps.includes('review') && (
            <Button
              size="sm"
              onClick={() => onStep('review', c)}
              leftIcon={<Star className="size-4" aria-hidden="true" />}
            >
              Leave a review
            </Button>
          )}
          {steps.includes('update') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onStep('update', c)}
              leftIcon={<Pencil className="size-4" aria-hidden="true" />}
            >
              Edit proposal
            </Button>
          )}
          {steps.includes('cancel') && (
            <Button
              size="sm"
              variant="secondary"
              className="text-red-700 hover:bg-red-50"
              onClick={() => onStep('cancel', c)}
              leftIcon={<Ban className="size-4" aria-hidden="true" />}
            >
              Cancel contract
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
