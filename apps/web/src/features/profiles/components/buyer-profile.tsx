import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { categoryName, type Profile, type Project } from '@brickyard/shared';
import { DateText, DetailGrid, DetailItem, DetailSection, Money } from '@/components/listing';
import { Badge, Tabs, TBody, TD, TH, THead, TR, Table, type TabItem } from '@/components/ui';
import { projectStatusLabel } from '../profile-view';
import {
  ContactInformation,
  RegionValue,
  placeName,
  EmptyLine,
  ItemCard,
  Muted,
  Paragraph,
  RequirementsSection,
  TagsItem,
  Value,
} from './parts';

type BuyerTab = 'overview' | 'current' | 'past' | 'materials' | 'requirements' | 'contact';

const TABS: TabItem<BuyerTab>[] = [
  { value: 'overview', label: 'Company Overview' },
  { value: 'current', label: 'Current Projects' },
  { value: 'past', label: 'Past Projects' },
  { value: 'materials', label: 'Materials & Services' },
  { value: 'requirements', label: 'Supplier Requirements' },
  { value: 'contact', label: 'Contact Information' },
];

/** The buyer-profile layout (docs/product.md section 2 "Profile view"), shown to suppliers. */
export function BuyerProfile({ p }: { p: Profile }) {
  const [tab, setTab] = useState<BuyerTab>('overview');
  return (
    <Tabs label="Buyer profile" items={TABS} value={tab} onChange={setTab}>
      {tab === 'overview' && <Overview p={p} />}
      {tab === 'current' && <CurrentProjects projects={p.currentProjects} />}
      {tab === 'past' && <PastProjects projects={p.pastProjects} />}
      {tab === 'materials' && <Materials p={p} />}
      {tab === 'requirements' && <RequirementsSection title="Supplier Requirements" r={p.supplierRequirements} />}
      {tab === 'contact' && <ContactInformation p={p} />}
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
          <DetailItem label="Industry">
            <Value>{p.industry}</Value>
          </DetailItem>
          <DetailItem label="Specialisation">
            <Value>{p.specialization}</Value>
          </DetailItem>
          <DetailItem label="Years in business">
            {p.yearsInBusiness != null ? p.yearsInBusiness : <Muted>N/A</Muted>}
          </DetailItem>
          <DetailItem label="Company size">
            <Value>{p.companySize}</Value>
          </DetailItem>
          <DetailItem label="Registration number">
            <Value>{p.registrationNumber}</Value>
          </DetailItem>
          <DetailItem label="Region">
            <RegionValue region={p.region} />
          </DetailItem>
          <DetailItem label="Payment terms">
            <Value>{p.paymentTerms}</Value>
          </DetailItem>
        </DetailGrid>
      </DetailSection>
      <DetailSection title="What they buy">
        <DetailGrid>
          <TagsItem label="Preferred categories" items={p.preferredCategories.map(categoryName)} />
          <TagsItem label="Delivery locations" items={p.deliveryLocations.map(placeName)} />
          <TagsItem label="Certifications" items={p.certifications} />
          <TagsItem label="Quality standards" items={p.qualityStandards} />
        </DetailGrid>
      </DetailSection>
    </div>
  );
}

function ProjectMeta({ project: pr, past }: { project: Project; past: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <div>
        <dt className="text-xs text-ink-500">Location</dt>
        <dd className="flex items-center gap-1 text-ink-800">
          <MapPin className="size-3.5 shrink-0 text-ink-400" aria-hidden="true" />
          {pr.location || <Muted>Not specified</Muted>}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-ink-500">Budget</dt>
        <dd className="text-ink-800">
          <Money pence={pr.budgetPence} />
        </dd>
      </div>
      <div className="col-span-2">
        <dt className="text-xs text-ink-500">{past ? 'Completed on' : 'Estimated completion'}</dt>
        <dd className="text-ink-800">
          <DateText value={past ? pr.completionDate : pr.estimatedCompletion} />
        </dd>
      </div>
    </dl>
  );
}

function CurrentProjects({ projects }: { projects: Project[] }) {
  return (
    <DetailSection title="Current Projects">
      {projects.length === 0 ? (
        <EmptyLine>No current projects listed.</EmptyLine>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Current projects">
          {projects.map((pr) => (
            <li key={pr.id}>
              <ItemCard
                title={pr.name}
                aside={
                  <Badge tone={pr.status === 'ongoing' ? 'success' : 'neutral'}>{projectStatusLabel(pr.status)}</Badge>
                }
              >
                <Paragraph text={pr.description} empty="No description." />
                <div className="mt-3">
                  <ProjectMeta project={pr} past={false} />
                </div>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

function PastProjects({ projects }: { projects: Project[] }) {
  return (
    <DetailSection title="Past Projects">
      {projects.length === 0 ? (
        <EmptyLine>No past projects listed.</EmptyLine>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Past projects">
          {projects.map((pr) => (
            <li key={pr.id}>
              <ItemCard title={pr.name} aside={<Badge tone="info">Completed</Badge>}>
                <Paragraph text={pr.description} empty="No description." />
                <div className="mt-3">
                  <ProjectMeta project={pr} past />
                </div>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

function Materials({ p }: { p: Profile }) {
  const m = p.materialsNeeded;
  const products = m?.requiredProducts ?? [];
  return (
    <div className="space-y-5">
      <DetailSection title="Required products">
        {products.length === 0 ? (
          <EmptyLine>No required products listed.</EmptyLine>
        ) : (
          <Table aria-label="Required products">
            <THead>
              <TR>
                <TH>Product or service</TH>
                <TH>Description</TH>
                <TH className="text-right">Quantity</TH>
              </TR>
            </THead>
            <TBody>
              {products.map((r, i) => (
                <TR key={`${r.name}-${i}`}>
                  <TD className="font-medium text-ink-900">{r.name}</TD>
                  <TD>{r.description || '—'}</TD>
                  <TD className="text-right whitespace-nowrap">{r.quantity || '—'}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </DetailSection>
      <DetailSection title="Tenders & timing">
        <DetailGrid className="lg:grid-cols-3">
          <DetailItem label="Current tender">
            <Value>{m?.currentTender}</Value>
          </DetailItem>
          <DetailItem label="Delivery deadline">
            <Value>{m?.deliveryDeadline}</Value>
          </DetailItem>
          <DetailItem label="Expected start date">
            <Value>{m?.expectedStartDate}</Value>
          </DetailItem>
          <DetailItem label="Future tender">
            <Value>{m?.futureTender}</Value>
          </DetailItem>
          <DetailItem label="Volume">
            <Value>{m?.volume}</Value>
          </DetailItem>
          <DetailItem label="Sustainability focus">
            <Value>{m?.sustainabilityFocus}</Value>
          </DetailItem>
        </DetailGrid>
      </DetailSection>
    </div>
  );
}
