import { LayoutGrid } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { CatalogueBrowser } from '../components/catalogue-browser';
import { paths } from '@/lib/paths';

/** ViewCatalogue: /supplier/view-catalogue — every supplier's catalogue, as buyers browse it. */
export function ViewCatalogueScreen() {
  return (
    <>
      <PageHeader
        title="View catalogue"
        description="Browse the products and services every supplier on Brickyard offers, as buyers see them."
        actions={
          <ButtonLink to={paths.supplier.catalogue} variant="secondary">
            My catalogue
          </ButtonLink>
        }
      />
      <CatalogueBrowser
        scope="all"
        from="view-catalogue"
        empty={
          <EmptyState
            icon={LayoutGrid}
            title="Nothing to show yet"
            description="No supplier has listed anything yet. Items you add to your catalogue appear here too."
            action={<ButtonLink to={paths.supplier.addCatalogue()}>Add to catalogue</ButtonLink>}
          />
        }
      />
    </>
  );
}
