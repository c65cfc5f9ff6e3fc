import { Navigate, Route, Routes } from 'react-router';
import { AdminDashboardScreen } from '@/features/admin/screens/dashboard';
import { UsersScreen } from '@/features/admin/screens/users';
import { AdminLayout } from '../layouts/admin-layout';
import { NotFoundScreen } from '../not-found';
import { routes } from '@/lib/paths';

/** Everything under /admin, loaded as one chunk after the guard has let an admin in. */
export default function AdminArea() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={routes.admin.dashboard} replace />} />
        <Route path={routes.admin.dashboard} element={<AdminDashboardScreen />} />
        <Route path={routes.admin.users} element={<UsersScreen />} />
        <Route path={routes.notFound} element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
