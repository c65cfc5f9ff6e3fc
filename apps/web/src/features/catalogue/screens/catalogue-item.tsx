import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Download, FileText, MessageSquare, Paperclip, Pencil } from 'lucide-react';
import { categoryName, isImageAttachment, regionName, subcategoryName } from '@brickyard/shared';
import {
  AvailabilityBadge,
  DetailGrid,
  DetailItem,
  DetailSection,
  Money,
  StockBadge,
  TagList,
  leadTimeText,
} from '@/components/listing';
import { AttachmentImage } from '@/components/files';
import { MatchesPanel } from '@/components/matching';
import { Button, ButtonLink, PageSpinner } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { downloadFile, fileDisplayName } from '@/lib/download';
import { formatPostedDate } from '@/lib/format';
import { getSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCatalogueItem } from '../api/get-catalogue-item';
import { paths } from '@/lib/paths';

const notSpecified = (v: string | null | undefined) => (v && v.trim() ? v : 'Not specified');

/**
 * The catalogue item detail, /supplier/catalogue/:id, as docs/product.md section 2 describes it: back
 * button, Connect only when coming from the connect page, then the sections in this order.
 */
export function CatalogueItemScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const item = useCatalogueItem(id);

  useEffect(() => {
    if (!item.isError) return;
    const err = item.error;
    if (isApiError(err) && (err.status === 401 || err.status === 403)) return; // the session already ended
    notify.error('Failed to load catalogue item. Please try again.');
    void navigate(paths.supplier.catalogue, { replace: true });
  }, [item.isError, item.error, navigate]);

  const backTo = from === 'view-catalogue' ? paths.supplier.viewCatalogue : paths.supplier.catalogue;

  if (!item.data) return <PageSpinner />;
  const i = item.data;
  const mine = i.userId === getSession()?.id;
  const images = i.attachments.filter(isImageAttachment);
  const files = i.attachments.filter((a) => !isImageAttachment(a));

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2"
          onClick={() => navigate(backTo)}
          leftIcon={<ArrowLeft className="size-4" aria-hidden="true" />}
        >
          Back to catalogue
        </Button>
        <div className="flex gap-2">
          {mine && (
            <ButtonLink to={paths.supplier.editCatalogue(i.id)} variant="secondary" size="sm">
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </ButtonLink>
          )}
          {from === 'connect' && (
            <Button
              variant="dark"
              size="sm"
              onClick={() => navigate(paths.supplier.messages, { state: { userId: i.userId } })}
              leftIcon={<MessageSquare className="size-4" aria-hidden="true" />}
            >
              Connect
            </Button>
          )}
        </div>
      </div>

      <header className="mb-6">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <AvailabilityBadge value={i.availability} />
          <StockBadge quantity={i.quantity} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-[1.7rem]">{i.title}</h1>
        <p className="mt-1 text-sm text-ink-500">
          {categoryName(i.category)} · {i.user.companyName}
        </p>
      </header>

      <div className="space-y-5">
        {images.length > 0 && (
          <DetailSection title="Photos">
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
              {images.map((a, n) => (
                <li key={`${a.url}-${n}`}>
                  <button
                    type="button"
                    onClick={() => void downloadFile(a.url, a.name || fileDisplayName(a.url))}
                    className="block w-full rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                    aria-label={`Download the photo of ${i.title}${images.length > 1 ? ` (${n + 1} of ${images.length})` : ''}`}
                  >
                    <AttachmentImage url={a.url} alt={i.title} className="aspect-[4/3] w-full" />
                  </button>
                </li>
              ))}
            </ul>
          </DetailSection>
        )}

        <DetailSection title="Key Information">
          <DetailGrid className="grid-cols-2 lg:grid-cols-4">
            <DetailItem label="Lead time">{leadTimeText(i.leadTime)}</DetailItem>
            <DetailItem label="Price">
              <Money pence={i.valuePence} className="text-base font-semibold" />
            </DetailItem>
            {i.quantity != null && <DetailItem label="Quantity">{i.quantity.toLocaleString('en-GB')}</DetailItem>}
            <DetailItem label="Region">{regionName(i.region)}</DetailItem>
          </DetailGrid>
        </DetailSection>

        <DetailSection title="Category & Requirements">
          <DetailGrid>
            <DetailItem label="Category">{categoryName(i.category)}</DetailItem>
            <DetailItem label="Subcategories">
              <TagList items={i.subcategories.map((s) => subcategoryName(i.category, s))} />
            </DetailItem>
            <DetailItem label="Certifications">
              <TagList items={i.certifications} />
            </DetailItem>
            <DetailItem label="Delivers to">
              <TagList items={i.deliveryLocations.map((r) => regionName(r))} />
            </DetailItem>
          </DetailGrid>
        </DetailSection>

        <DetailSection title="Description">
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">{i.description || 'Not specified'}</p>
        </DetailSection>

        {i.specifications && (
          <DetailSection title="Specifications">
            <p className="text-sm leading-relaxed whitespace-pre-line text-ink-800">{i.specifications}</p>
          </DetailSection>
        )}

        <DetailSection title="Attachments">
          {files.length === 0 ? (
            <p className="text-sm text-ink-500">{images.length ? 'No other files' : 'No attachments'}</p>
          ) : (
            <ul className="space-y-2" aria-label="Attachments">
              {files.map((a, n) => {
                const label = a.name?.trim() || `Document ${n + 1}`;
                return (
                  <li key={`${a.url}-${n}`} className="flex items-center gap-2 text-sm">
                    <Paperclip className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
                    <span className="min-w-0 flex-1 break-all text-ink-800">{label}</span>
                    <a
                      href={a.url}
                      onClick={(e) => {
                        e.preventDefault();
                        void downloadFile(a.url, a.name || fileDisplayName(a.url));
                      }}
                      className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
                      aria-label={`Download ${label}`}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      Download
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </DetailSection>

        <DetailSection title="Company Information">
          <DetailGrid>
            <DetailItem label="Company name">{notSpecified(i.user.companyName)}</DetailItem>
            <DetailItem label="Posted on">
              <time dateTime={i.createdAt}>{formatPostedDate(i.createdAt)}</time>
            </DetailItem>
          </DetailGrid>
        </DetailSection>

        <DetailSection title="Availability">
          <DetailGrid>
            <DetailItem label="Availability">
              <AvailabilityBadge value={i.availability} />
            </DetailItem>
            <DetailItem label="Stock">
              <StockBadge quantity={i.quantity} />
            </DetailItem>
          </DetailGrid>
        </DetailSection>

        <DetailSection title="Additional Requirements">
          <DetailGrid className="lg:grid-cols-3">
            <DetailItem label="Payment terms">{notSpecified(i.paymentTerms)}</DetailItem>
            <DetailItem label="Insurance">{notSpecified(i.insurance)}</DetailItem>
            <DetailItem label="Supplier type">{notSpecified(i.supplierType)}</DetailItem>
            {i.warrantyRequirement === true && <DetailItem label="Warranty required">Yes</DetailItem>}
            {i.rebate !== null && <DetailItem label="Rebate">{i.rebate ? 'Yes' : 'No'}</DetailItem>}
          </DetailGrid>
        </DetailSection>

        <DetailSection title="Supporting Documents">
          {i.supportingDocumentIds.length === 0 ? (
            <p className="text-sm text-ink-500">No supporting documents</p>
          ) : (
            <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200" aria-label="Supporting documents">
              {i.supportingDocumentIds.map((url, n) => {
                const name = fileDisplayName(url);
                return (
                  <li key={`${url}-${n}`} className="flex items-center gap-3 px-3 py-2.5">
                    <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                    <span className="min-w-0 flex-1 text-sm break-all text-ink-800" title={name}>
                      {name}
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => void downloadFile(url, name)}
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

        {mine && <MatchesPanel subjectId={i.id} viewer="supplier" owner allowConnect={false} />}
      </div>
    </>
  );
}
