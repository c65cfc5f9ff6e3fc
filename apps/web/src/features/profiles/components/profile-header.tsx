import { useState } from 'react';
import { BadgeCheck, CalendarDays, MapPin, MessageSquare, Pencil } from 'lucide-react';
import type { Profile } from '@brickyard/shared';
import { Stars } from '@/components/deals';
import { Badge, ButtonLink, Card } from '@/components/ui';
import { formatPostedDate, initialsOf, prettifyRegion } from '@/lib/format';
import { useLogoUrl } from '../api/get-logo-url';

function Logo({ p }: { p: Profile }) {
  const logo = useLogoUrl(p.image);
  const [broken, setBroken] = useState(false);
  const src = logo.data ?? (logo.isError ? p.imageUrl : null);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={`${p.companyName} logo`}
        onError={() => setBroken(true)}
        className="size-16 shrink-0 rounded-xl bg-white object-contain ring-1 ring-ink-200 sm:size-20"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-ink-900 text-xl font-bold text-brand-400 sm:size-20 sm:text-2xl"
    >
      {initialsOf(p.companyName)}
    </span>
  );
}

/** Header: logo, company name, role badge, Verified when approved, prettified region, rating. */
export function ProfileHeader({ p, viewerRole }: { p: Profile; viewerRole: 'buyer' | 'supplier' }) {
  const role = p.userRole === 'supplier' ? 'Supplier' : p.userRole === 'buyer' ? 'Buyer' : 'Admin';
  const { average, count } = p.reviewSummary;
  return (
    <Card className="mb-6 p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Logo p={p} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="dark">{role}</Badge>
            {p.approved && (
              <Badge tone="success">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </Badge>
            )}
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-[1.7rem]">
            {p.companyName}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1.5 text-sm text-ink-600">
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4 text-ink-400" aria-hidden="true" />
              <span>
                <span className="sr-only">Region: </span>
                {prettifyRegion(p.region)}
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 text-ink-400" aria-hidden="true" />
              Member since {formatPostedDate(p.memberSince)}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="rating-summary">
              {average !== null ? (
                <>
                  <Stars value={average} />
                  <span className="font-semibold text-ink-900">{average.toFixed(1)}</span>
                  <span>
                    ({count} {count === 1 ? 'review' : 'reviews'})
                  </span>
                </>
              ) : (
                <span>No reviews yet</span>
              )}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          {p.isOwner ? (
            <ButtonLink to={`/${viewerRole}/settings/profile`} variant="secondary">
              <Pencil className="size-4" aria-hidden="true" />
              Edit profile
            </ButtonLink>
          ) : (
            <ButtonLink to={`/${viewerRole}/messages`} state={{ userId: p.id }} variant="dark">
              <MessageSquare className="size-4" aria-hidden="true" />
              Message
            </ButtonLink>
          )}
        </div>
      </div>
    </Card>
  );
}
