import { Globe, Mail, Phone } from 'lucide-react';
import type { ExternalTender } from '@brickyard/shared';
import { DetailSection } from '@/components/listing';
import { buttonClasses } from '@/components/ui';
import { mailtoBuyer } from './mailto';

/**
 * The buyer's contact point as the notice publishes it: "Message buyer" opens the supplier's own
 * mail program (the buyer is not a Brickyard user, so in-app messages cannot reach them), with
 * the phone and website beside it when given. Shown only when the notice has one.
 */
export function BuyerContact({
  tender,
  contact,
}: {
  tender: ExternalTender;
  contact: NonNullable<ExternalTender['buyerContact']>;
}) {
  return (
    <DetailSection title="Buyer contact">
      <div className="space-y-3 text-sm">
        {contact.name && <p className="font-medium text-ink-900">{contact.name}</p>}
        {contact.email && (
          <a href={mailtoBuyer(contact.email, tender.title)} className={buttonClasses('primary')}>
            <Mail className="size-4" aria-hidden="true" />
            Message buyer
          </a>
        )}
        {contact.email && <p className="break-all text-ink-700">{contact.email}</p>}
        {contact.telephone && (
          <p>
            <a
              href={`tel:${contact.telephone.replace(/[^\d+]/g, '')}`}
              className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {contact.telephone}
            </a>
          </p>
        )}
        {contact.url && (
          <p>
            <a
              href={contact.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-medium break-all text-brand-700 underline-offset-4 hover:underline"
            >
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              {contact.url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
              <span className="sr-only"> (the buyer&apos;s website, opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
    </DetailSection>
  );
}
