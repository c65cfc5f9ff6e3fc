import type { ReactNode } from 'react';
import { Download, FileText, Globe, Mail, Phone, UserRound } from 'lucide-react';
import { REGIONS, regionName, type Profile } from '@brickyard/shared';
import { DateText, DetailGrid, DetailItem, DetailSection, TagList } from '@/components/listing';
import { Button, Card } from '@/components/ui';
import { fileDisplayName } from '@/lib/download';
import { fullName, prettifyRegion } from '@/lib/format';
import { downloadProfileDocument } from '../api/download-document';

/** docs/product.md section 5: missing values read Not specified, Not provided, N/A or a dash. */
export const orNot = (v: string | null | undefined) => (v && v.trim() ? v : 'Not specified');

/** A delivery location: a known UK region by its proper name, anything else prettified. */
export function placeName(v: string): string {
  return REGIONS.some((r) => r.key === v) ? regionName(v) : prettifyRegion(v);
}

export function Muted({ children }: { children: ReactNode }) {
  return <span className="text-ink-500">{children}</span>;
}

export function Paragraph({ text, empty = 'Not specified' }: { text: string | null | undefined; empty?: string }) {
  if (!text?.trim()) return <p className="text-sm text-ink-500">{empty}</p>;
  return <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">{text}</p>;
}

/** A region key prettified (docs/product.md section 2), muted when missing. */
export function RegionValue({ region }: { region: string | null | undefined }) {
  return region ? <>{prettifyRegion(region)}</> : <Muted>Not specified</Muted>;
}

export function Value({ children }: { children: string | null | undefined }) {
  return children && children.trim() ? <>{children}</> : <Muted>Not specified</Muted>;
}

/** An empty tab: one calm line, not a big illustration. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-ink-300 bg-ink-50/50 px-4 py-8 text-center text-sm text-ink-500">
      {children}
    </p>
  );
}

export function TagsItem({ label, items }: { label: string; items: string[] }) {
  return (
    <DetailItem label={label}>
      <TagList items={items} />
    </DetailItem>
  );
}

/** Contact Information: shown to counterparties (or everyone when the owner allows it). */
export function ContactInformation({ p }: { p: Profile }) {
  const name = fullName(p.firstName, p.lastName);
  const row = (icon: ReactNode, label: string, value: ReactNode) => (
    // A <dl> group holds only <dt> and <dd>, so the icon sits inside the term.
    <div className="relative min-h-9 min-w-0 pl-11">
      <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">
        <span className="absolute top-0.5 left-0 flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-ink-900">{value}</dd>
    </div>
  );
  return (
    <DetailSection title="Contact Information">
      {!p.contactVisible && (
        <p className="mb-4 text-sm text-ink-500">
          Contact details are shared once you do business together. Send a message to get in touch.
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        {row(<UserRound className="size-4" aria-hidden="true" />, 'Contact name', name || <Muted>Not provided</Muted>)}
        {row(
          <Mail className="size-4" aria-hidden="true" />,
          'Email',
          p.email ? (
            <a href={`mailto:${p.email}`} className="text-brand-700 hover:underline">
              {p.email}
            </a>
          ) : (
            <Muted>Not provided</Muted>
          ),
        )}
        {row(
          <Phone className="size-4" aria-hidden="true" />,
          'Phone',
          p.phone ? (
            <a href={`tel:${p.phone.replace(/\s+/g, '')}`} className="text-brand-700 hover:underline">
              {p.phone}
            </a>
          ) : (
            <Muted>Not provided</Muted>
          ),
        )}
        {row(
          <Globe className="size-4" aria-hidden="true" />,
          'Website',
          p.website ? (
            <a href={p.website} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
              {p.website.replace(/^https?:\/\//, '')}
            </a>
          ) : (
            <Muted>Not provided</Muted>
          ),
        )}
      </dl>
    </DetailSection>
  );
}

/** Requirements one side asks of the other (Buyer Requirements / Supplier Requirements). */
export function RequirementsSection({ title, r }: { title: string; r: Profile['supplierRequirements'] }) {
  return (
    <DetailSection title={title}>
      <DetailGrid>
        <TagsItem label="Quality standards" items={r?.qualityStandards ?? []} />
        <DetailItem label="Delivery reliability">
          <Value>{r?.deliveryReliability}</Value>
        </DetailItem>
        <DetailItem label="Sustainability">
          <Value>{r?.sustainability}</Value>
        </DetailItem>
        <DetailItem label="Pricing">
          <Value>{r?.pricing}</Value>
        </DetailItem>
      </DetailGrid>
    </DetailSection>
  );
}

/** Related Documents: each downloads by the docs/product.md section 7 download flow. */
export function DocumentsSection({ documents }: { documents: Profile['documents'] }) {
  return (
    <DetailSection title="Related Documents">
      {documents.length === 0 ? (
        <EmptyLine>No documents shared yet.</EmptyLine>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200" aria-label="Related documents">
          {documents.map((d) => {
            const name = fileDisplayName(d.key, d.name);
            return (
              <li key={d.id} className="flex items-center gap-3 px-3 py-2.5">
                <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm break-all text-ink-800">{name}</span>
                  <span className="block text-xs text-ink-500">
                    Added <DateText value={d.createdAt} />
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void downloadProfileDocument(d)}
                  leftIcon={<Download className="size-4" aria-hidden="true" />}
                  aria-label={`Download ${name}`}
                >
                  Download
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </DetailSection>
  );
}

export function ItemCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-sm font-semibold break-words text-ink-900">{title}</h3>
        {aside}
      </div>
      <div className="mt-2">{children}</div>
    </Card>
  );
}
