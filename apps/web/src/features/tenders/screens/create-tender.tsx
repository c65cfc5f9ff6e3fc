import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useCreateTender } from '../api/create-tender';
import { TenderForm } from '../components/tender-form';
import { paths } from '@/lib/paths';

/** CreateListing: /buyer/create-tender */
export function CreateTenderScreen() {
  const navigate = useNavigate();
  const create = useCreateTender();
  return (
    <>
      <PageHeader
        eyebrow="New tender"
        title="Create tender"
        description="Describe what you need — category, quantities, budget, region and deadline — so we can match you with suppliers."
      />
      <TenderForm
        intents={[
          { intent: 'draft', label: 'Save as draft', variant: 'secondary' },
          { intent: 'publish', label: 'Publish tender' },
        ]}
        onCancel={() => navigate(paths.buyer.tenders)}
        onSubmit={async (body, intent) => {
          const status = intent === 'publish' ? 'active' : 'draft';
          const tender = await create.mutateAsync({ ...body, status });
          notify.success(status === 'active' ? 'Tender published' : 'Draft saved');
          void navigate(paths.buyer.tender(tender.id));
        }}
      />
    </>
  );
}
