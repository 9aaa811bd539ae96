import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../../../stores/auth';

/** The /admin group: signed-in staff only, everyone else goes to / (decisions B). */
export function AdminGuard() {
  const { isAuth, isAdmin } = useAuthStore();
  return isAuth && isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
