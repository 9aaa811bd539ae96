import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms & Conditions" lead="The rules that apply when you use this store and buy from us.">
      <h2>Orders and prices</h2>
      <p>
        Prices are shown in US dollars and include any discount displayed on the book. An order is confirmed once the
        payment has been verified; until then the copies are reserved for you for a limited time.
      </p>
      <h2>Accounts</h2>
      <p>
        You are responsible for keeping your password safe. Reviews and books you add must be your own work and must not
        be unlawful or offensive; we may remove content that breaks these rules.
      </p>
      <h2>Delivery</h2>
      <p>
        Physical books ship with Standard Delivery (3-5 business days) or Express Delivery (1-2 business days). eBooks
        are delivered digitally after payment.
      </p>
      <h2>Returns</h2>
      <p>
        See our{' '}
        <Link to={paths.returns} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Return Policy
        </Link>
        : 30 days to return or exchange a book in its original condition.
      </p>
    </StaticPage>
  );
}
