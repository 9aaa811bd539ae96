import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/hooks';

/** A readable text page: a title, an optional lead, and prose. */
export function StaticPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">{lead}</p>}
      <div className="mt-8 space-y-6 leading-relaxed text-gray-800 dark:text-gray-200 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
        {children}
      </div>
    </article>
  );
}
