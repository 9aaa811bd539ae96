import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/StaticPage';

export default function ReturnsPage() {
  return (
    <StaticPage
      title="Return Policy"
      lead="30-day return or exchange: if a book is not right for you, send it back within 30 days of delivery."
    >
      <h2>What can be returned</h2>
      <ul>
        <li>
          Any book returned within 30 days of delivery, in its original condition (unread, undamaged, no markings).
        </li>
        <li>Books that arrived damaged or were not the edition you ordered: we pay the return shipping.</li>
        <li>eBooks cannot be returned once downloaded, unless the file is faulty.</li>
      </ul>
      <h2>How to return a book</h2>
      <ul>
        <li>
          Tell us your order number through the{' '}
          <Link to={paths.contact} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            contact page
          </Link>
          .
        </li>
        <li>Pack the book securely and send it to the address we give you.</li>
        <li>Choose a refund to your original payment method or an exchange for another book.</li>
      </ul>
      <h2>Refunds</h2>
      <p>Refunds are issued within 5 business days after we receive the book.</p>
    </StaticPage>
  );
}
