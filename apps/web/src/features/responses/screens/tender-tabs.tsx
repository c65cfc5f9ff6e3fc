import type { ReactNode } from 'react';
import { FileSignature } from 'lucide-react';
import type { Tender } from '@brickyard/shared';
import { Badge, Button } from '@/components/ui';
import { useTenderResponses } from '../api/list-tender-responses';
import { BuyerResponsesPanel } from './buyer-responses-panel';
import { QuestionsPanel } from './questions-panel';
import { SupplierResponsePanel, takingResponses } from './supplier-response-panel';

interface Nav {
  tab: string;
  setTab: (tab: string) => void;
}

function ResponsesLabel({ tenderId }: { tenderId: string }) {
  const list = useTenderResponses(tenderId);
  return (
    <span className="inline-flex items-center gap-1.5">
      Responses
      {list.data && list.data.meta.total > 0 && <Badge tone="brand">{list.data.meta.total}</Badge>}
    </span>
  );
}

/** The buyer's extra tabs on /buyer/tender/{id}: Responses (sealed or compare) and Questions. */
export function buyerTenderTabs(t: Tender): { tabs: Array<{ value: string; label: ReactNode; content: ReactNode }> } {
  if (t.status === 'draft') return { tabs: [] };
  return {
    tabs: [
      { value: 'responses', label: <ResponsesLabel tenderId={t.id} />, content: <BuyerResponsesPanel tender={t} /> },
      { value: 'questions', label: 'Questions', content: <QuestionsPanel tender={t} role="buyer" /> },
    ],
  };
}

/** The supplier's extra tabs on /supplier/tender/{id}: Your response and Questions, with "Submit a response" in the header. */
export function supplierTenderTabs(t: Tender, nav: Nav) {
  return {
    tabs: [
      { value: 'response', label: 'Your response', content: <SupplierResponsePanel tender={t} /> },
      { value: 'questions', label: 'Questions', content: <QuestionsPanel tender={t} role="supplier" /> },
    ],
    headerAction: takingResponses(t) ? (
      <SubmitButton tenderId={t.id} onStart={() => nav.setTab('response')} />
    ) : undefined,
  };
}

function SubmitButton({ tenderId, onStart }: { tenderId: string; onStart: () => void }) {
  const list = useTenderResponses(tenderId);
  const live = list.data?.data.find((r) => r.status !== 'withdrawn');
  return (
    <Button onClick={onStart} leftIcon={<FileSignature className="size-4" aria-hidden="true" />}>
      {live ? 'View your response' : 'Submit a response'}
    </Button>
  );
}
