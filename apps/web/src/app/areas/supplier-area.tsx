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

/** Everything under /supplier, loaded as one chunk after the guard has let a supplier in. */
export default function SupplierArea() {
  return (
    <Routes>
      <Route element={<SupplierLayout />}>
        <Route index element={<DashboardScreen role="supplier" />} />
        {/* docs/design.md section 9: /supplier/abc names no screen; it shows the dashboard. */}
        <Route path="abc" element={<DashboardScreen role="supplier" />} />
        <Route path="messages" element={<MessagesScreen />} />
        <Route path="catalogue" element={<CatalogueScreen />} />
        <Route path="catalogue/:id" element={<CatalogueItemScreen />} />
        <Route path="add-catalogue" element={<AddCatalogueScreen />} />
        <Route path="edit-catalogue/:id" element={<EditCatalogueScreen />} />
        <Route path="view-catalogue" element={<ViewCatalogueScreen />} />
        <Route path="connect" element={<ConnectScreen />} />
        <Route path="external-search" element={<LiveFeedScreen />} />
        <Route path="external-search/:id" element={<ExternalTenderDetailsScreen />} />
        <Route path="contracts" element={<DealsScreen />} />
        <Route path="deals" element={<DealsScreen />} />
        <Route path="tender/:id" element={<TenderDetailsScreen role="supplier" extraTabs={supplierTenderTabs} />} />
        <Route path="responses" element={<MyResponsesScreen />} />
        <Route path="profile" element={<ProfileScreen />} />
        <Route path="bid-assist" element={<BidAssistScreen />} />
        {settingsRoutes('supplier')}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
