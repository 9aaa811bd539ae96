import { Link } from 'react-router';
import type { MenuEntry } from './nav';

/** Menu entries (authors or categories) as a list of links to their pages: the mega-menu's and the phone menu's. */
export function EntryList({
  entries,
  pathFor,
  className,
  linkClassName,
}: {
  entries: MenuEntry[];
  pathFor: (slug: string) => string;
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link to={pathFor(entry.slug)} className={linkClassName}>
            {entry.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
