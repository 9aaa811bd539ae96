import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './Button';

/** A screen with nothing to list: an optional icon, the heading, an optional line, and where to go instead. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action: { to: string; label: string };
  /** Shown first (a note about what just happened). */
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {children}
      {icon}
      <h1 className={icon ? 'mt-6 text-3xl font-bold' : 'text-3xl font-bold'}>{title}</h1>
      {text && <p className="mt-3 text-gray-700 dark:text-gray-300">{text}</p>}
      <Link to={action.to} className={buttonClass({ size: 'xl', className: 'mt-8' })}>
        {action.label}
      </Link>
    </section>
  );
}
