import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../config/paths';
import { rememberDestination } from '../../../stores/auth';

/** The header's 'Sign In' for guests: signing in brings them back to the page they were on (the cart, a book). */
export function SignInLink() {
  return (
    <Link
      to={paths.login}
      onClick={() => rememberDestination()}
      className={buttonClass({ size: 'sm', className: 'whitespace-nowrap' })}
    >
      Sign In
    </Link>
  );
}
