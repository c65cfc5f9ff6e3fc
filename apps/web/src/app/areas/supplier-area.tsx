import { Route, Routes } from 'react-router';
import { BidAssistScreen } from '@/features/bid-assist/screens/bid-assist';
import { AddCatalogueScreen } from '@/features/catalogue/screens/add-catalogue';
import { CatalogueScreen } from '@/features/catalogue/screens/catalogue';
import { CatalogueItemScreen } from '@/features/catalogue/screens/catalogue-item';
import { EditCatalogueScreen } from '@/features/catalogue/screens/edit-catalogue';
import { ViewCatalogueScreen } from '@/features/catalogue/screens/view-catalogue';
import { DashboardScreen } from '@/features/dashboard/screens/dashboard';
import { DealsScreen } from '@/features/deals/screens/deals';
import { ExternalTenderDetailsScreen } from '@/features/external-tenders/screens/external-tender-details';
import { LiveFeedScreen } from '@/features/external-tenders/screens/live-feed';
import { ConnectScreen } from '@/features/matching/screens/connect';
import { MessagesScreen } from '@/features/messaging/screens/messages';
import { ProfileScreen } from '@/features/profiles/screens/profile';
import { MyResponsesScreen } from '@/features/responses/screens/my-responses';
import { supplierTenderTabs } from '@/features/responses/screens/tender-tabs';
import { TenderDetailsScreen } from '@/features/tenders/screens/tender-details';
import { SupplierLayout } from '../layouts/supplier-layout';
import { NotFoundScreen } from '../not-found';
import { settingsRoutes } from './settings-routes';
import { routes } from '@/lib/paths';

/** Everything under /supplier, loaded as one chunk after the guard has let a supplier in. */
export default function SupplierArea() {
  return (
    <Routes>
      <Route element={<SupplierLayout />}>
        <Route index element={<DashboardScreen role="supplier" />} />
        <Route path={routes.supplier.abc} element={<DashboardScreen role="supplier" />} />
        <Route path={routes.supplier.messages} element={<MessagesScreen />} />
        <Route path={routes.supplier.catalogue} element={<CatalogueScreen />} />
        <Route path={routes.supplier.catalogueItem} element={<CatalogueItemScreen />} />
        <Route path={routes.supplier.addCatalogue} element={<AddCatalogueScreen />} />
        <Route path={routes.supplier.editCatalogue} element={<EditCatalogueScreen />} />
        <Route path={routes.supplier.viewCatalogue} element={<ViewCatalogueScreen />} />
        <Route path={routes.supplier.connect} element={<ConnectScreen />} />
        <Route path={routes.supplier.liveFeed} element={<LiveFeedScreen />} />
        <Route path={routes.supplier.externalTender} element={<ExternalTenderDetailsScreen />} />
        <Route path={routes.supplier.contracts} element={<DealsScreen />} />
        <Route path={routes.supplier.deals} element={<DealsScreen />} />
        <Route
          path={routes.supplier.tender}
          element={<TenderDetailsScreen role="supplier" extraTabs={supplierTenderTabs} />}
        />
        <Route path={routes.supplier.responses} element={<MyResponsesScreen />} />
        <Route path={routes.supplier.profile} element={<ProfileScreen />} />
        <Route path={routes.supplier.bidAssist} element={<BidAssistScreen />} />
        {settingsRoutes('supplier')}
        <Route path={routes.notFound} element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
