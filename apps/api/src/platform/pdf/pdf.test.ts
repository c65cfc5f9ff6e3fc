import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { auditLines, type AuditEvent, type BidPack, type Tender } from '@brickyard/shared';
import { auditPdf } from '../../modules/audit/audit.export.ts';
import { invoicePdf } from '../../modules/billing/invoice-pdf.ts';
import { bidPackPdf } from '../../modules/bid-assist/pack-pdf.ts';
import { closingReminderMail } from '../../modules/external-tenders/external-tenders.mails.ts';

/** The text a reader (or a screen reader, or a search) gets out of the PDF. */
async function pdfTextOf(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' '); // table cells wrap: compare words, not line breaks
}

const TITLE = 'Dŵr Cymru — Ynys Môn depot';
const id = '5b0f5c1e-8d2a-4c3e-9a41-0d3b0c9f2a11';

describe('PDFs print Unicode text as written (embedded DejaVu Sans) and times in UK time', () => {
  it('the audit export of a Welsh tender', async () => {
    const tender = {
      id,
      title: TITLE,
      user: { companyName: 'Cwmni Adeiladu Llŷn' },
      status: 'active',
      category: 'structural-steel',
      subcategories: [],
      region: 'wales',
      budgetPence: 12_500_000,
      deadline: '2026-07-01T23:30:00.000Z',
      createdAt: '2026-06-01T09:00:00.000Z',
    } as unknown as Tender;
    const events: AuditEvent[] = [
      {
        id,
        tenderId: id,
        action: 'updated',
        actor: { id, name: 'Siân Jones', companyName: 'Cwmni Adeiladu Llŷn' },
        changes: {
          title: { from: 'Ynys Mon depot', to: TITLE },
          description: { from: '10 m²', to: '12 m³ ≤ 5 € “quoted”' },
        },
        lines: auditLines({
          title: { from: 'Ynys Mon depot', to: TITLE },
          description: { from: '10 m²', to: '12 m³ ≤ 5 € “quoted”' },
        }),
        createdAt: '2026-06-02T10:00:00.000Z',
      },
    ];
    const bytes = await auditPdf(tender, events);
    const text = await pdfTextOf(bytes);
    expect(text).toContain(TITLE);
    // only the embedded DejaVu Sans, never a WinAnsi standard font
    expect(bytes.toString('latin1')).toContain('DejaVuSans');
    expect(bytes.toString('latin1')).not.toContain('/Helvetica');
    expect(text).toContain('Siân Jones (Cwmni Adeiladu Llŷn)');
    expect(text).toContain('12 m³ ≤ 5 € “quoted”');
    expect(text).not.toContain('D?r');
  });

  it.each(['UTC', 'America/New_York'])('prints times in UK time (BST in summer) on a server in %s', async (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      const tender = {
        id,
        title: TITLE,
        user: { companyName: 'Dŵr Cymru' },
        status: 'active',
        category: 'x',
        subcategories: [],
        region: 'wales',
        budgetPence: null,
        deadline: '2026-07-01T23:30:00.000Z',
        createdAt: '2026-07-01T23:30:00.000Z',
      } as unknown as Tender;
      const events: AuditEvent[] = [
        {
          id,
          tenderId: id,
          action: 'created',
          actor: { id, name: 'Siân', companyName: null },
          changes: {},
          lines: [],
          createdAt: '2026-07-01T23:30:05.000Z',
        },
      ];
      const text = await pdfTextOf(await auditPdf(tender, events, null, new Date('2026-07-01T23:45:00Z')));
      expect(text).toContain('Generated 02 Jul 2026 00:45 UK time');
      expect(text).toContain('Closing deadline 02 Jul 2026 00:30 UK time');
      expect(text).toContain('Created 02 Jul 2026');
      expect(text).toContain('When (UK time)');
      expect(text).toContain('02 Jul 2026 00:30:05');

      const invoice = await pdfTextOf(
        await invoicePdf(
          {
            number: 'BY-1',
            issuedAt: new Date('2026-07-01T23:30:00Z'),
            periodStart: null,
            periodEnd: null,
            status: 'paid',
            lines: [],
            netPence: 0,
            vatPence: 0,
            totalPence: 0,
            billedTo: { companyName: 'Dŵr Cymru' },
          } as unknown as Parameters<typeof invoicePdf>[0],
          { name: 'Brickyard', address: 'London', vatNumber: '' },
          'support@brickyard.test',
        ),
      );
      expect(invoice).toContain('Invoice date 02 Jul 2026');

      const mail = await closingReminderMail(
        'Siân',
        TITLE,
        new Date('2026-07-01T23:30:00Z'),
        'https://brickyard.test/x',
        { url: 'https://brickyard.test/u', settingsUrl: 'https://brickyard.test/s' },
      );
      expect(mail.text).toContain('closes on 02 Jul 2026 00:30 UK time');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('the invoice of a Welsh customer', async () => {
    const bytes = await invoicePdf(
      {
        number: 'BY-2026-0001',
        issuedAt: new Date('2026-07-01T23:30:00.000Z'),
        periodStart: null,
        periodEnd: null,
        status: 'paid',
        lines: [{ description: `Growth plan — ${TITLE}`, amountPence: 19_900 }],
        netPence: 19_900,
        vatPence: 3_980,
        totalPence: 23_880,
        billedTo: {
          companyName: 'Dŵr Cymru',
          addressLine1: 'Heol y Môr',
          city: 'Llangefni',
          postcode: 'LL77 7TW',
          country: 'GB',
          billingEmail: 'cyfrifon@example.com',
        },
      } as Parameters<typeof invoicePdf>[0],
      { name: 'Brickyard Marketplace Ltd', address: '1 Builders Yard, London', vatNumber: 'GB123456789' },
      'support@brickyard.test',
    );
    const text = await pdfTextOf(bytes);
    expect(text).toContain(`Growth plan — ${TITLE}`);
    expect(text).toContain('Heol y Môr');
    expect(text).toContain('£238.80');
  });

  it('the bid pack of a Welsh tender', async () => {
    const pack: BidPack = {
      version: 1,
      generatedAt: '2026-07-01T23:30:00.000Z',
      tender: {
        kind: 'tender',
        id,
        title: TITLE,
        buyerName: 'Dŵr Cymru',
        reference: null,
        deadline: null,
        valuePence: 5_000_000,
        currency: 'GBP',
        location: 'Ynys Môn',
        classification: ['Structural Steel'],
      },
      supplier: { id, companyName: 'Dur Môn Cyf' },
      matrix: [
        {
          ref: 'R1',
          source: 'scope',
          requirement: 'Supply 40 m³ of concrete',
          status: 'met',
          evidence: 'Catalogue: C40 ready-mix',
          action: null,
        },
      ],
      summary: {
        met: 1,
        partlyMet: 0,
        missing: 0,
        total: 1,
        score: 100,
        verdict: 'go',
        reasons: ['All requirements met for Ynys Môn'],
      },
      outline: [{ heading: 'Cyflwyniad — introduction', points: ['Who we are in Môn'] }],
      polishedDraft: null,
    };
    const text = await pdfTextOf(
      await bidPackPdf(pack, { requestId: 'req-1', supportEmail: 'support@brickyard.test' }),
    );
    expect(text).toContain(TITLE);
    expect(text).toContain('Supply 40 m³ of concrete');
    expect(text).toContain('Cyflwyniad — introduction');
  });
});
