import { StaticPage } from '../components/StaticPage';
import { formatDate } from '../../../lib/dates';

const posts = [
  {
    title: 'Why the classics still matter',
    date: '2025-03-12',
    text: 'Pride and Prejudice, Moby-Dick, Crime and Punishment: the books that keep selling two centuries on have something to teach every reader. Our staff picked the ten classics they would hand to someone who thinks old books are dull.',
  },
  {
    title: 'Building a reading habit that lasts',
    date: '2025-02-03',
    text: 'Twenty pages a day adds up to more than a dozen books a year. We share the small routines our customers told us about: a book by the bed, a story on the commute, and a monthly reading club.',
  },
  {
    title: 'Paperback, hardcover or eBook?',
    date: '2025-01-15',
    text: 'Each format has its place. Paperbacks travel well, hardcovers last for generations, and eBooks arrive the moment you pay. Here is how to choose the right one for the way you read.',
  },
];

export default function BlogPage() {
  return (
    <StaticPage title="Blog" lead="Stories, reading lists and news from our bookstore.">
      {posts.map((post) => (
        <section key={post.title} className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
          <h2 className="!mt-0">{post.title}</h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            <time dateTime={post.date}>{formatDate(post.date, 'long')}</time>
          </p>
          <p className="mt-3">{post.text}</p>
        </section>
      ))}
    </StaticPage>
  );
}
