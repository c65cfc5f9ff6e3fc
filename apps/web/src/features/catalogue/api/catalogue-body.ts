import type { Attachment, Availability } from '@brickyard/shared';

/** The fields the catalogue form sends to POST /api/catalogue and PUT /api/catalogue/{id}. */
export interface CatalogueBody {
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  value: number;
  quantity: number | null;
  budget: number | null;
  leadTime: number | null;
  region: string | null;
  availability: Availability;
  paymentTerms: string | null;
  insurance: string | null;
  supplierType: string | null;
  warrantyRequirement: boolean | null;
  rebate: boolean | null;
  certifications: string[];
  deliveryLocations: string[];
  attachments: Attachment[];
  supportingDocumentIds: string[];
}
