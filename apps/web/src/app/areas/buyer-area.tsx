import { Route, Routes } from 'react-router';
import { DashboardScreen } from '@/features/dashboard/screens/dashboard';
import { DealsScreen } from '@/features/deals/screens/deals';
import { ConnectScreen } from '@/features/matching/screens/connect';
import { MessagesScreen } from '@/features/messaging/screens/messages';
import { ProfileScreen } from '@/features/profiles/screens/profile';
import { buyerTenderTabs } from '@/features/responses/screens/tender-tabs';
import { CreateTenderScreen } from '@/features/tenders/screens/create-tender';
import { EditTenderScreen } from '@/features/tenders/screens/edit-tender';
import { ListingsScreen } from '@/features/tenders/screens/listings';
import { TenderDetailsScreen } from '@/features/tenders/screens/tender-details';
import { BuyerLayout } from '../layouts/buyer-layout';
import { NotFoundScreen } from '../not-found';
import { settingsRoutes } from './settings-routes';
import { routes } from '@/lib/paths';

/** Everything under /buyer, loaded as one chunk after the guard has let a buyer in. */
export default function BuyerArea() {
  return (
    <Routes>
      <Route element={<BuyerLayout />}>
        <Route index element={<DashboardScreen role="buyer" />} />
        <Route path={routes.buyer.tenders} element={<ListingsScreen />} />
        <Route path={routes.buyer.createTender} element={<CreateTenderScreen />} />
        <Route path={routes.buyer.editTender} element={<EditTenderScreen />} />
        <Route path={routes.buyer.messages} element={<MessagesScreen />} />
        <Route path={routes.buyer.tender} element={<TenderDetailsScreen role="buyer" extraTabs={buyerTenderTabs} />} />
        <Route path={routes.buyer.deals} element={<DealsScreen />} />
        <Route path={routes.buyer.connect} element={<ConnectScreen />} />
        <Route path={routes.buyer.profile} element={<ProfileScreen />} />
        {settingsRoutes('buyer')}
        <Route path={routes.notFound} element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
