import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth';

/**
 * The /admin group: signed-in staff only, everyone else goes to / (docs/product.md, "Where we depart from the original brief"). This only hides
 * screens; every staff call is checked by the server again.
 */
export function AdminGuard() {
  const isAuth = useAuthStore((s) => s.isAuth);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  return isAuth && isAdmin ? <Outlet /> : <Navigate to={paths.home} replace />;
}
