import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../config/paths';

/** The header's 'Sign In' for guests. */
export function SignInLink() {
  return (
    <Link to={paths.login} className={buttonClass({ size: 'sm', className: 'whitespace-nowrap' })}>
      Sign In
    </Link>
  );
}
