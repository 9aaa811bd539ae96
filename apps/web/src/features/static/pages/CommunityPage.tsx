import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/StaticPage';

const networks = {
  discord: {
    title: 'Discord Community',
    text: 'Join fellow readers on our Discord server: monthly book clubs, reading challenges and help from our staff.',
  },
  twitter: {
    title: 'Twitter',
    text: 'Follow us on Twitter for new arrivals, flash sales and the quotes our team cannot stop sharing.',
  },
  facebook: {
    title: 'Facebook',
    text: 'Like our Facebook page for events, author interviews and photos from our reading community.',
  },
} as const;

/** The social routes linked from the footer: a short page per network. */
export default function CommunityPage({ network }: { network: keyof typeof networks }) {
  const { title, text } = networks[network];
  return (
    <StaticPage title={title} lead={text}>
      <p>
        Our community pages are opening soon. Until then, write to us through the{' '}
        <Link to={paths.contact} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          contact page
        </Link>{' '}
        or subscribe to the newsletter at the bottom of this page.
      </p>
    </StaticPage>
  );
}
