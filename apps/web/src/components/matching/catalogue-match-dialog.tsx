import { AlertCircle, MessageSquare, UserRound } from 'lucide-react';
import { categoryName, regionName, subcategoryName, type Match } from '@brickyard/shared';
import {
  AvailabilityBadge,
  DateText,
  DetailGrid,
  DetailItem,
  Money,
  StockBadge,
  TagList,
  leadTimeText,
} from '@/components/listing';
import { Button, ButtonLink, Modal, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useMatchedCatalogueItem } from './api';
import { ReasonBreakdown, ReasonChips } from './reasons';
import { ScoreRing, ScoreTierLabel } from './score';
import type { MatchViewer } from './use-match-actions';

export interface DialogListing {
  id: string;
  title: string;
  companyName: string;
  category: string;
  userId: string;
}

/**
 * A matched catalogue item for a buyer (buyers have no catalogue route, docs/product.md section 2): the
 * item's details, why it matches, and Connect, which opens messages with the supplier.
 */
export function CatalogueMatchDialog({
  listing,
  match,
  viewer,
  onClose,
  onConnect,
}: {
  /** the item to show (a match's counterpart or a search hit); null keeps the dialog closed */
  listing: DialogListing | null;
  /** its match, when it is one: the score and the reasons are shown too */
  match?: Match | null;
  viewer: MatchViewer;
  onClose: () => void;
  onConnect?: (userId: string) => void;
}) {
  const item = useMatchedCatalogueItem(listing?.id ?? null);
  if (!listing) return null;
  const c = listing;
  const i = item.data;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={c.title}
      description={`${c.companyName} · ${categoryName(c.category)}`}
      footer={
        <>
          <ButtonLink to={`/${viewer}/profile`} state={{ userId: c.userId }} variant="secondary" className="mr-auto">
            <UserRound className="size-4" aria-hidden="true" />
            Supplier profile
          </ButtonLink>
          {onConnect && (
            <Button
              variant="dark"
              onClick={() => onConnect(c.userId)}
              leftIcon={<MessageSquare className="size-4" aria-hidden="true" />}
            >
              Connect
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-5">
        {match && (
          <div className="flex items-center gap-3">
            <ScoreRing score={match.score} />
            <div className="min-w-0">
              <ScoreTierLabel score={match.score} />
              <ReasonChips reasons={match.reasons} className="mt-1.5" />
            </div>
          </div>
        )}

        {item.isPending ? (
          <div className="flex justify-center py-6 text-ink-400">
            <Spinner label="Loading item details" />
          </div>
        ) : item.isError || !i ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <AlertCircle className="size-4 text-red-600" aria-hidden="true" />
            {errorMessage(item.error, 'The item details could not be loaded.')}
          </p>
        ) : (
          <>
            <section aria-label="Key Information">
              <h3 className="mb-2 text-sm font-semibold text-ink-900">Key Information</h3>
              <DetailGrid className="grid-cols-2 sm:grid-cols-4">
                <DetailItem label="Lead time">{leadTimeText(i.leadTime)}</DetailItem>
                <DetailItem label="Price">
                  <Money pence={i.valuePence} className="font-semibold" />
                </DetailItem>
                {i.quantity != null && <DetailItem label="Quantity">{i.quantity.toLocaleString('en-GB')}</DetailItem>}
                <DetailItem label="Region">{regionName(i.region)}</DetailItem>
              </DetailGrid>
            </section>
            <section aria-label="Availability" className="flex flex-wrap gap-2">
              <AvailabilityBadge value={i.availability} />
              <StockBadge quantity={i.quantity} />
            </section>
            <section aria-label="Category & Requirements">
              <h3 className="mb-2 text-sm font-semibold text-ink-900">Category & Requirements</h3>
              <TagList
                items={i.subcategories.map((s) => subcategoryName(i.category, s))}
                empty={categoryName(i.category)}
              />
            </section>
            <section aria-label="Description">
              <h3 className="mb-1 text-sm font-semibold text-ink-900">Description</h3>
              <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">
                {i.description || 'Not specified'}
              </p>
              {i.specifications && (
                <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-ink-600">{i.specifications}</p>
              )}
            </section>
            <section aria-label="Company Information">
              <DetailGrid>
                <DetailItem label="Company name">{i.user.companyName}</DetailItem>
                <DetailItem label="Posted on">
                  <DateText value={i.createdAt} />
                </DetailItem>
                <DetailItem label="Payment terms">{i.paymentTerms || 'Not specified'}</DetailItem>
                <DetailItem label="Supplier type">{i.supplierType || 'Not specified'}</DetailItem>
              </DetailGrid>
            </section>
          </>
        )}
        {match && <ReasonBreakdown reasons={match.reasons} />}
      </div>
    </Modal>
  );
}
