import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { usePageTitle } from '../../../lib/hooks';
import { useSectionParams } from '../hooks/useSectionParams';

/** The search box of a dashboard section: it writes `q` into the address (and goes back to page 1). */
export function SectionSearch({ hint }: { hint: string }) {
  const { search, update } = useSectionParams();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  return (
    <form role="search" onSubmit={onSearch} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor="dashboard-search" className="sr-only">
        {hint}
      </label>
      <input
        id="dashboard-search"
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={hint}
        className={`${inputClass} min-w-0 flex-1 sm:w-80`}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/** One dashboard section: its heading (and the page's title), its search box if it has one, its screen. */
export function SectionPage({
  title,
  search,
  actions,
  children,
}: {
  title: string;
  /** The search box's label; none: the section has nothing to search. */
  search?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {actions}
        {search && <SectionSearch hint={search} />}
      </div>
      {children}
    </div>
  );
}
