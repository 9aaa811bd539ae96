import { Link } from 'react-router';
import { Tooltip } from '../../components/ui/Tooltip';
import { CartIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/hooks';
import { plural } from '../../lib/lists';
import { useCartCount } from '../../features/cart/stores/cart';

export function CartLink() {
  // The count is this browser's (local storage): none in the server's HTML, the badge after hydration.
  const hydrated = useHydrated();
  const stored = useCartCount();
  const count = hydrated ? stored : 0;
  return (
    <Tooltip label="Cart">
      {(id) => (
        <Link
          to={paths.cart}
          aria-label={hydrated ? `Cart, ${plural(count, 'item')}` : 'Cart'}
          aria-describedby={id}
          className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        >
          <CartIcon width={22} height={22} />
          {count > 0 && (
            <span
              data-testid="cart-count"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Link>
      )}
    </Tooltip>
  );
}
