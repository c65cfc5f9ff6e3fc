import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import { formatPence, formatPostedDate, type Invoice } from '@brickyard/shared';
import { Badge, Button, EmptyState, TBody, TD, TH, THead, TR, Table } from '@/components/ui';
import { downloadInvoice } from '../api/download-invoice';

function period(inv: Invoice): string {
  if (!inv.periodStart || !inv.periodEnd) return '—';
  return `${formatPostedDate(inv.periodStart)} – ${formatPostedDate(inv.periodEnd)}`;
}

function StatusBadge({ status }: { status: string }) {
  const paid = status === 'paid';
  return (
    <Badge tone={paid ? 'success' : 'neutral'}>
      {paid ? 'Paid' : status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

function PdfButton({ inv, busy, onDownload }: { inv: Invoice; busy: boolean; onDownload: (inv: Invoice) => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() => onDownload(inv)}
      aria-label={`Download invoice ${inv.number} as PDF`}
      leftIcon={<Download className="size-4" aria-hidden="true" />}
    >
      PDF
    </Button>
  );
}

/** Invoices, newest first, each with its PDF (GET /api/billing/invoices/{id}/pdf). */
export function InvoicesSection({ invoices }: { invoices: Invoice[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  async function onDownload(inv: Invoice) {
    setBusy(inv.id);
    try {
      await downloadInvoice(inv);
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby="invoices-title" className="mt-10">
      <h2 id="invoices-title" className="text-lg font-semibold text-ink-900">
        Invoices
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-ink-500">
        Each invoice shows the billing details as they were on the day it was issued.
      </p>
      {invoices.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No invoices yet"
          description="Your first invoice appears here as soon as you subscribe."
        />
      ) : (
        <>
          <div className="hidden md:block">
            <Table aria-labelledby="invoices-title">
              <THead>
                <tr>
                  <TH>Invoice</TH>
                  <TH>Period</TH>
                  <TH>Description</TH>
                  <TH className="text-right">Net</TH>
                  <TH className="text-right">Total</TH>
                  <TH>Status</TH>
                  <TH>
                    <span className="sr-only">Download</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {invoices.map((inv) => (
                  <TR key={inv.id}>
                    <TD className="whitespace-nowrap">
                      <span className="block font-medium text-ink-900">{inv.number}</span>
                      <span className="block text-xs text-ink-500">Issued {formatPostedDate(inv.issuedAt)}</span>
                    </TD>
                    <TD className="text-xs lg:whitespace-nowrap">{period(inv)}</TD>
                    <TD className="min-w-48">{inv.description}</TD>
                    <TD className="text-right whitespace-nowrap tabular-nums">{formatPence(inv.netPence)}</TD>
                    <TD className="text-right whitespace-nowrap">
                      <span className="block font-semibold text-ink-900 tabular-nums">
                        {formatPence(inv.totalPence)}
                      </span>
                      <span className="block text-xs text-ink-500 tabular-nums">
                        incl. VAT {formatPence(inv.vatPence)}
                      </span>
                    </TD>
                    <TD>
                      <StatusBadge status={inv.status} />
                    </TD>
                    <TD className="text-right">
                      <PdfButton inv={inv} busy={busy === inv.id} onDownload={onDownload} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <ul className="space-y-3 md:hidden" aria-labelledby="invoices-title">
            {invoices.map((inv) => (
              <li key={inv.id} className="rounded-xl border border-ink-200 bg-white p-4 shadow-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">{inv.number}</p>
                    <p className="text-sm text-ink-500">Issued {formatPostedDate(inv.issuedAt)}</p>
                  </div>
                  <StatusBadge status={inv.status} />
                </div>
                <p className="mt-2 text-sm text-ink-700">{inv.description}</p>
                <p className="mt-1 text-xs text-ink-500">Period {period(inv)}</p>
                <div className="mt-3 flex items-center justify-between gap-3">
                  <p className="text-sm text-ink-600">
                    <strong className="text-base text-ink-900 tabular-nums">{formatPence(inv.totalPence)}</strong> incl.
                    VAT {formatPence(inv.vatPence)}
                  </p>
                  <PdfButton inv={inv} busy={busy === inv.id} onDownload={onDownload} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
