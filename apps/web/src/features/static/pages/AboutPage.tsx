import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';

const stats = [
  { value: '50,000+', label: 'Books' },
  { value: '100,000+', label: 'Happy Customers' },
  { value: '99.9%', label: 'Fast Deliveries' },
  { value: '15+', label: 'Years of Experience' },
];

const values = [
  {
    title: 'Quality',
    text: 'Every book we sell is checked by a person who loves books, from rare classics to the newest releases.',
  },
  { title: 'Community', text: 'Reading clubs, author events and honest reviews: we grow together with our readers.' },
  {
    title: 'Innovation',
    text: 'From instant eBook delivery to a store that works on any device, we make finding books easy.',
  },
];

const team = [
  {
    name: 'Sarah Johnson',
    role: 'Founder & CEO',
    bio: 'Opened our first shop in 2010 with a few hundred second-hand books.',
  },
  {
    name: 'Michael Chen',
    role: 'Head of Curation',
    bio: 'Former librarian who reads two books a week and picks our featured titles.',
  },
  {
    name: 'Amara Okafor',
    role: 'Customer Experience',
    bio: 'Makes sure every order arrives on time and every question gets an answer.',
  },
  {
    name: 'David Miller',
    role: 'Lead Engineer',
    bio: 'Builds the store you are using now, and keeps it fast on every device.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <section className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Our Story</h1>
          <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
            We have been a bookstore since 2010. What began as a small shop with a few shelves of second-hand classics
            is now an online store serving readers everywhere, still run by people who love books.
          </p>
        </div>
        <div className="rounded-2xl bg-indigo-50 p-8 dark:bg-indigo-950/50">
          <h2 className="text-2xl font-semibold">Our Mission</h2>
          <p className="mt-3 text-gray-700 dark:text-gray-300">
            To connect every reader with the book they will love next, at a fair price, delivered quickly, with honest
            advice along the way.
          </p>
        </div>
      </section>

      <section aria-label="In numbers" className="mt-16">
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            <li key={stat.label} className="rounded-xl border border-gray-200 p-6 text-center dark:border-gray-800">
              <p className="text-3xl font-bold text-indigo-700 dark:text-indigo-300">{stat.value}</p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-16">
        <h2 className="text-2xl font-semibold">Our Values</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <div key={value.title} className="rounded-xl bg-gray-50 p-6 dark:bg-gray-900">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{value.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mt-16">
        <h2 className="text-2xl font-semibold">Meet Our Team</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((person) => (
            <li key={person.name} className="rounded-xl border border-gray-200 p-6 text-center dark:border-gray-800">
              <span
                aria-hidden="true"
                className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-indigo-600 text-2xl font-bold text-white"
              >
                {initials(person.name)}
              </span>
              <h3 className="mt-4 font-semibold">{person.name}</h3>
              <p className="text-sm text-indigo-700 dark:text-indigo-300">{person.role}</p>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{person.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-16 rounded-2xl bg-indigo-700 p-10 text-center text-white">
        <h2 className="text-2xl font-semibold">Join our community of readers</h2>
        <p className="mt-2 text-indigo-100">
          Create an account to keep a wishlist, write reviews and check out faster.
        </p>
        <Link to={paths.register} className={buttonClass({ variant: 'light', size: 'xl', className: 'mt-6' })}>
          Get Started
        </Link>
      </section>
    </div>
  );
}
