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

/** Everything under /buyer, loaded as one chunk after the guard has let a buyer in. */
export default function BuyerArea() {
  return (
    <Routes>
      <Route element={<BuyerLayout />}>
        <Route index element={<DashboardScreen role="buyer" />} />
        <Route path="tenders" element={<ListingsScreen />} />
        <Route path="create-tender" element={<CreateTenderScreen />} />
        <Route path="edit-tender/:id" element={<EditTenderScreen />} />
        <Route path="messages" element={<MessagesScreen />} />
        <Route path="tender/:id" element={<TenderDetailsScreen role="buyer" extraTabs={buyerTenderTabs} />} />
        <Route path="deals" element={<DealsScreen />} />
        <Route path="connect" element={<ConnectScreen />} />
        <Route path="profile" element={<ProfileScreen />} />
        {settingsRoutes('buyer')}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
