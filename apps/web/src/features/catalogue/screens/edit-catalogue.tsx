import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader, PageSpinner } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { getSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCatalogueItem } from '../api/get-catalogue-item';
import { useUpdateCatalogueItem } from '../api/update-catalogue-item';
import { CatalogueForm } from '../components/catalogue-form';
import { paths } from '@/lib/paths';

/** UploadCatalogue in edit mode: /supplier/edit-catalogue/:id */
export function EditCatalogueScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const item = useCatalogueItem(id);
  const update = useUpdateCatalogueItem();
  const notMine = !!item.data && item.data.userId !== getSession()?.id;

  useEffect(() => {
    if (item.isError) {
      const err = item.error;
      if (isApiError(err) && (err.status === 401 || err.status === 403)) return;
      notify.error('We could not load this catalogue item.');
      void navigate(paths.supplier.catalogue, { replace: true });
    } else if (notMine) {
      notify.error('You can only edit items in your own catalogue.');
      void navigate(paths.supplier.catalogue, { replace: true });
    }
  }, [item.isError, item.error, notMine, navigate]);

  if (!item.data || notMine) return <PageSpinner />;
  const i = item.data;
  return (
    <>
      <PageHeader
        eyebrow="Edit catalogue item"
        title={i.title}
        description="Update the price, availability, lead time or documents of this item."
      />
      <CatalogueForm
        key={i.id}
        initial={i}
        submitLabel="Save changes"
        onCancel={() => navigate(paths.supplier.catalogueItem(i.id))}
        onSubmit={async (body) => {
          await update.mutateAsync({ id: i.id, body });
          notify.success('Changes saved');
          void navigate(paths.supplier.catalogueItem(i.id), { state: { from: 'catalogue' } });
        }}
      />
    </>
  );
}
