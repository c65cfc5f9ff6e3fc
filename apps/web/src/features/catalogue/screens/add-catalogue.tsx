import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader, Tabs } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useCreateCatalogueItem } from '../api/create-catalogue-item';
import { BulkImport } from '../components/bulk-import';
import { CatalogueForm } from '../components/catalogue-form';
import { paths } from '@/lib/paths';

type Tab = 'single' | 'import';

/** UploadCatalogue: /supplier/add-catalogue — one item, or many from a CSV/XLSX file. */
export function AddCatalogueScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'import' ? 'import' : 'single';
  const create = useCreateCatalogueItem();

  return (
    <>
      <PageHeader
        title="Add to catalogue"
        description="List a product or service with its price, lead time, region and documents — or import many at once."
      />
      <Tabs<Tab>
        label="How to add"
        value={tab}
        onChange={(t) => setParams(t === 'import' ? { tab: 'import' } : {}, { replace: true })}
        items={[
          { value: 'single', label: 'Single item' },
          { value: 'import', label: 'Bulk import (CSV / XLSX)' },
        ]}
      >
        {tab === 'single' ? (
          <CatalogueForm
            submitLabel="Add to catalogue"
            onCancel={() => navigate(paths.supplier.catalogue)}
            onSubmit={async (body) => {
              const item = await create.mutateAsync(body);
              notify.success('Item added to your catalogue');
              void navigate(paths.supplier.catalogueItem(item.id), { state: { from: 'catalogue' } });
            }}
          />
        ) : (
          <BulkImport />
        )}
      </Tabs>
    </>
  );
}
