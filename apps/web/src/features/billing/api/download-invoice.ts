import type { Invoice } from '@brickyard/shared';
import { downloadFromApi } from '@/lib/download';

/** GET /api/billing/invoices/{id}/pdf, saved under the server's file name (docs/product.md section 8 alert on failure). */
export function downloadInvoice(invoice: Pick<Invoice, 'id' | 'number' | 'pdfUrl'>): Promise<boolean> {
  return downloadFromApi(invoice.pdfUrl ?? `/api/billing/invoices/${invoice.id}/pdf`, {}, `${invoice.number}.pdf`);
}
