import type { Attachment, TenderStatus } from '@brickyard/shared';

/** The fields the tender form sends to POST /api/tender and PUT /api/tender/{id}. */
export interface TenderBody {
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  budget: number | null;
  quantity: number | null;
  leadTime: number | null;
  region: string | null;
  deadline: string | null;
  questionDeadline: string | null;
  responseMode: 'sealed' | 'open';
  paymentTerms: string | null;
  insurance: string | null;
  supplierType: string | null;
  warrantyRequirement: boolean | null;
  rebate: boolean | null;
  requiredCertifications: string[];
  qualityStandards: string[];
  attachments: Attachment[];
  supportingDocumentIds: string[];
  status?: TenderStatus;
}
