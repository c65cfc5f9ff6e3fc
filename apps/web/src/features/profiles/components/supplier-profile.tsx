import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { CATEGORIES, categoryName, subcategoryName, type Profile } from '@brickyard/shared';
import { DateText, DetailGrid, DetailItem, DetailSection, Money, TagList } from '@/components/listing';
import { Tabs, TBody, TD, TH, THead, TR, Table, type TabItem } from '@/components/ui';
import { formatPence } from '@/lib/format';
import {
  ContactInformation,
  RegionValue,
  placeName,
  DocumentsSection,
  EmptyLine,
  ItemCard,
  Muted,
  Paragraph,
  RequirementsSection,
  TagsItem,
  Value,
} from './parts';

type SupplierTab = 'overview' | 'catalogue' | 'delivery' | 'requirements' | 'contact' | 'documents' | 'portfolio';

const TABS: TabItem<SupplierTab>[] = [
  { value: 'overview', label: 'Company Overview' },
  { value: 'catalogue', label: 'Current Catalogue' },
  { value: 'delivery', label: 'Delivery Locations' },
  { value: 'requirements', label: 'Buyer Requirements' },
  { value: 'contact', label: 'Contact Information' },
  { value: 'documents', label: 'Related Documents' },
  { value: 'portfolio', label: 'Project Portfolio' },
];

/** The supplier-profile layout (docs/product.md section 2 "Profile view"), shown to buyers. */
export function SupplierProfile({ p }: { p: Profile }) {
  const [tab, setTab] = useState<SupplierTab>('overview');
  return (
    <Tabs label="Supplier profile" items={TABS} value={tab} onChange={setTab}>
      {tab === 'overview' && <Overview p={p} />}
      {tab === 'catalogue' && <Catalogue p={p} />}
      {tab === 'delivery' && (
        <DetailSection title="Delivery Locations">
          {p.deliveryLocations.length === 0 ? (
            <EmptyLine>No delivery locations specified.</EmptyLine>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Delivery locations">
              {p.deliveryLocations.map((l) => (
                <li
                  key={l}
                  className="flex items-center gap-2 rounded-lg border border-ink-200 px-3 py-2.5 text-sm text-ink-800"
                >
                  <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {placeName(l)}
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      )}
      {tab === 'requirements' && <RequirementsSection title="Buyer Requirements" r={p.buyerRequirements} />}
      {tab === 'contact' && <ContactInformation p={p} />}
      {tab === 'documents' && <DocumentsSection documents={p.documents} />}
      {tab === 'portfolio' && <Portfolio p={p} />}
    </Tabs>
  );
}

function Overview({ p }: { p: Profile }) {
  return (
    <div className="space-y-5">
      <DetailSection title="About the company">
        <Paragraph text={p.companyDescription} empty="No company description provided." />
      </DetailSection>
      <DetailSection title="Company details">
        <DetailGrid className="grid-cols-2 lg:grid-cols-3">
          <DetailItem label="Company size">
            <Value>{p.companySize}</Value>
          </DetailItem>
          <DetailItem label="Registration number">
            <Value>{p.registrationNumber}</Value>
          </DetailItem>
          <DetailItem label="Region">
            <RegionValue region={p.region} />
          </DetailItem>
          <DetailItem label="Manufacturing capacity">
            {p.manufacturingCapacity != null ? (
              `${p.manufacturingCapacity.toLocaleString('en-GB')} units per month`
            ) : (
              <Muted>Not specified</Muted>
            )}
          </DetailItem>
          <DetailItem label="Lead time">
            {p.leadTime != null ? `${p.leadTime} ${p.leadTime === 1 ? 'day' : 'days'}` : <Muted>Not specified</Muted>}
          </DetailItem>
          <DetailItem label="Minimum order value">
            {p.minOrderValuePence != null ? <Money pence={p.minOrderValuePence} /> : <Muted>Not specified</Muted>}
          </DetailItem>
        </DetailGrid>
      </DetailSection>
      <DetailSection title="Products & standards">
        <DetailGrid>
          <TagsItem label="Preferred categories" items={p.preferredCategories.map(categoryName)} />
          <DetailItem label="Subcategories">
            <TagList items={p.subcategories.map((s) => subcategoryLabel(p.preferredCategories, s))} />
          </DetailItem>
          <TagsItem label="Certifications" items={p.certifications} />
          <TagsItem label="Quality standards" items={p.qualityStandards} />
        </DetailGrid>
      </DetailSection>
      <DetailSection title="Commercial terms">
        <DetailGrid className="lg:grid-cols-3">
          <DetailItem label="Payment terms">
            <Value>{p.paymentTerms}</Value>
          </DetailItem>
          <DetailItem label="Warranty offered">
            <Value>{p.warrantyOffered}</Value>
          </DetailItem>
          <DetailItem label="Rebate">
            <Value>{p.rebate}</Value>
          </DetailItem>
        </DetailGrid>
      </DetailSection>
    </div>
  );
}

/** A subcategory key named under whichever category knows it (preferred categories first). */
function subcategoryLabel(categories: string[], key: string): string {
  for (const c of [...categories, ...CATEGORIES.map((x) => x.key)]) {
    const name = subcategoryName(c, key);
    if (name !== key) return name;
  }
  return key.replace(/-/g, ' ').replace(/^./, (ch) => ch.toUpperCase());
}

function Catalogue({ p }: { p: Profile }) {
  return (
    <DetailSection title="Current Catalogue">
      {p.catalogueItems.length === 0 ? (
        <EmptyLine>No catalogue items listed yet.</EmptyLine>
      ) : (
        <Table aria-label="Current catalogue">
          <THead>
            <TR>
              <TH>Item</TH>
              <TH>Category</TH>
              <TH className="text-right">Quantity</TH>
              <TH className="text-right">Price</TH>
            </TR>
          </THead>
          <TBody>
            {p.catalogueItems.map((i) => {
              const price = i.value ?? i.budget;
              return (
                <TR key={i.id}>
                  <TD className="font-medium text-ink-900">{i.title}</TD>
                  <TD>{categoryName(i.category)}</TD>
                  <TD className="text-right tabular-nums">
                    {i.quantity != null ? i.quantity.toLocaleString('en-GB') : '—'}
                  </TD>
                  <TD className="text-right tabular-nums">
                    {price != null ? formatPence(Math.round(price * 100)) : '—'}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </DetailSection>
  );
}

function Portfolio({ p }: { p: Profile }) {
  return (
    <DetailSection title="Project Portfolio">
      {p.portfolioItems.length === 0 ? (
        <EmptyLine>No portfolio projects added yet.</EmptyLine>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Project portfolio">
          {p.portfolioItems.map((i) => (
            <li key={i.id}>
              <ItemCard
                title={i.title}
                aside={<Money pence={i.valuePence} missing="N/A" className="text-sm font-semibold text-ink-900" />}
              >
                <p className="text-xs text-ink-500">
                  {i.client ? `Client: ${i.client}` : 'Client: Not specified'} · Completed{' '}
                  <DateText value={i.completionDate} />
                </p>
                <div className="mt-2">
                  <Paragraph text={i.description} empty="No description." />
                </div>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
