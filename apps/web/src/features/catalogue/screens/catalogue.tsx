import { FileSpreadsheet, LayoutGrid, Package, PackagePlus } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { CatalogueBrowser } from '../components/catalogue-browser';
import { paths } from '@/lib/paths';

/** Catalogue: /supplier/catalogue — the supplier's own items. */
export function CatalogueScreen() {
  return (
    <>
      <PageHeader
        title="Catalogue"
        description="What you offer buyers, with prices, lead times and stock."
        actions={
          <>
            <ButtonLink to={paths.supplier.viewCatalogue} variant="secondary">
              <LayoutGrid className="size-4" aria-hidden="true" />
              Browse marketplace
            </ButtonLink>
            <ButtonLink to={paths.supplier.addCatalogue('import')} variant="secondary">
              <FileSpreadsheet className="size-4" aria-hidden="true" />
              Import
            </ButtonLink>
            <ButtonLink to={paths.supplier.addCatalogue()}>
              <PackagePlus className="size-4" aria-hidden="true" />
              Add item
            </ButtonLink>
          </>
        }
      />
      <CatalogueBrowser
        scope="mine"
        from="catalogue"
        empty={
          <EmptyState
            icon={Package}
            title="Your catalogue is empty"
            description="Add your first product or service — or import many at once from a spreadsheet — so buyers can find you and we can match you with tenders."
            action={
              <>
                <ButtonLink to={paths.supplier.addCatalogue()}>Add to catalogue</ButtonLink>
                <ButtonLink to={paths.supplier.addCatalogue('import')} variant="secondary">
                  Import from CSV or Excel
                </ButtonLink>
              </>
            }
          />
        }
      />
    </>
  );
}
