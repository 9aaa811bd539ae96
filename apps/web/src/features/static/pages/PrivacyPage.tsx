import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead="We collect only what we need to sell you books, and we never sell your data."
    >
      <h2>What we collect</h2>
      <ul>
        <li>Your account details: name, username, email address, and an optional picture and bio.</li>
        <li>Your orders: the books you bought, the amounts and the payment reference from our card provider.</li>
        <li>Your newsletter subscription, if you choose to subscribe.</li>
      </ul>
      <h2>What we do not collect</h2>
      <p>
        Card numbers never reach our servers: payments are handled by our card payment provider. We use no advertising
        trackers. Your cart and display preferences stay in your own browser.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account exists. Order records are kept as long as the law requires for
        accounting. You can unsubscribe from the newsletter at any time.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion. Write to us through the{' '}
        <Link to={paths.contact} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          contact page
        </Link>
        .
      </p>
    </StaticPage>
  );
}
