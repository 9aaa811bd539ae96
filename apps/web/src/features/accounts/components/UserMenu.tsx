import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Header account area: the Sign In button for guests. The accounts work adds the avatar menu. */
export function UserMenu() {
  return (
    <Link to={paths.login} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
      Sign In
    </Link>
  );
}
