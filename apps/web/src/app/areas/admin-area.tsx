import { Navigate, Route, Routes } from 'react-router';
import { AdminDashboardScreen } from '@/features/admin/screens/dashboard';
import { UsersScreen } from '@/features/admin/screens/users';
import { AdminLayout } from '../layouts/admin-layout';
import { NotFoundScreen } from '../not-found';

/** Everything under /admin, loaded as one chunk after the guard has let an admin in. */
export default function AdminArea() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
