import type { BookFacets, FacetValue } from '@bookstore/contract';
import { type FormEvent, type ReactNode, useId } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { money } from '../../../components/ui/Price';
import type { BookFilters, ListFacet } from '../api/books';
import { Button } from '../../../components/ui/Button';

export const FACET_TITLES: Record<ListFacet, string> = {
  category: 'Category',
  author: 'Author',
  book_type: 'Format',
  condition: 'Condition',
};

const box =
  'h-4 w-4 shrink-0 rounded border-gray-400 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-500';
const count = 'ml-auto pl-2 text-xs text-gray-600 tabular-nums dark:text-gray-400';

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function FacetGroup({
  name,
  values,
  selected,
  onToggle,
}: {
  name: ListFacet;
  values: FacetValue[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="border-t border-gray-200 pt-4 dark:border-gray-800">
      <legend className="mb-2 text-sm font-semibold">{FACET_TITLES[name]}</legend>
      <ul className="max-h-64 space-y-1 overflow-y-auto pr-1">
        {values.map((value) => (
          <li key={value.value}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-gray-50 dark:hover:bg-gray-800">
              <input
                type="checkbox"
                name={name}
                value={value.value}
                className={box}
                checked={selected.includes(value.value)}
                onChange={() => onToggle(value.value)}
              />
              <span className="min-w-0 truncate">{value.label}</span>
              <span className={count}>({value.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The filters of a listing: per facet its values with counts (each count is what the list holds once
 * that value is chosen), a price range, a rating threshold and an in-stock switch. `hidden` is the facet
 * the page fixes itself (an author's page has no author filter).
 */
export function FilterPanel({
  facets,
  filters,
  onChange,
  hidden,
  keep,
}: {
  facets: BookFacets | undefined;
  filters: BookFilters;
  onChange: (next: BookFilters) => void;
  hidden?: ListFacet;
  /** Hidden fields for the address's other parameters (ordering, search words), sent along without JavaScript. */
  keep?: ReactNode;
}) {
  const id = useId();
  const facetNames = (['category', 'author', 'book_type', 'condition'] as const).filter((name) => name !== hidden);
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({
      ...filters,
      price_min: String(data.get('price_min') ?? '').trim(),
      price_max: String(data.get('price_max') ?? '').trim(),
    });
  };
  // One GET form: without JavaScript, "Apply filters" (shown only then) or Apply sends every choice
  // as the address; with it, each choice applies at once and the form only sends the price.
  return (
    <form method="get" onSubmit={applyPrice} className="space-y-4">
      {keep}
      {facets &&
        facetNames.map((name) => (
          <FacetGroup
            key={name}
            name={name}
            values={facets[name]}
            selected={filters[name]}
            onToggle={(value) => onChange({ ...filters, [name]: toggle(filters[name], value) })}
          />
        ))}

      <div
        // A new address (chip removed, back button) puts its own values in the boxes.
        key={`${filters.price_min}-${filters.price_max}`}
        role="group"
        className="border-t border-gray-200 pt-4 dark:border-gray-800"
        aria-labelledby={`${id}-price`}
      >
        <h3 id={`${id}-price`} className="mb-2 text-sm font-semibold">
          Price
        </h3>
        <div className="flex items-end gap-2">
          {(
            [
              ['price_min', 'Min price', facets?.price.min, '$0'],
              ['price_max', 'Max price', facets?.price.max, 'Any'],
            ] as const
          ).map(([name, label, bound, fallback]) => (
            <label key={name} className="flex-1 text-xs text-gray-700 dark:text-gray-300">
              {label}
              <input
                name={name}
                inputMode="decimal"
                defaultValue={filters[name]}
                placeholder={bound ? money(bound) : fallback}
                className="mt-1 w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 placeholder:text-gray-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
              />
            </label>
          ))}
          <Button type="submit" size="sm">
            Apply
          </Button>
        </div>
      </div>

      <fieldset className="border-t border-gray-200 pt-4 dark:border-gray-800">
        <legend className="mb-2 text-sm font-semibold">Rating</legend>
        <ul className="space-y-1">
          {[{ value: '', label: 'Any rating', count: undefined }, ...(facets?.rating ?? [])].map((option) => (
            <li key={option.value}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-gray-50 dark:hover:bg-gray-800">
                <input
                  type="radio"
                  name="rating_min"
                  value={option.value}
                  className={box}
                  checked={filters.rating_min === option.value}
                  onChange={() => onChange({ ...filters, rating_min: option.value })}
                />
                <span>{option.label}</span>
                {option.count !== undefined && <span className={count}>({option.count})</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="space-y-3 border-t border-gray-200 pt-4 dark:border-gray-800">
        <Switch
          name="in_stock"
          label="In stock only"
          checked={filters.in_stock}
          onChange={() => onChange({ ...filters, in_stock: !filters.in_stock })}
          count={facets && <span className={count}>({facets.in_stock})</span>}
        />
        <Switch
          name="on_sale"
          label="On sale only"
          checked={filters.on_sale}
          onChange={() => onChange({ ...filters, on_sale: !filters.on_sale })}
          count={facets && <span className={count}>({facets.on_sale})</span>}
        />
      </div>
      <Button type="submit" variant="secondary" size="sm" className="no-script-only w-full">
        Apply filters
      </Button>
    </form>
  );
}

/** What each active filter is called on its chip. */
function chipsOf(filters: BookFilters, facets: BookFacets | undefined, hidden?: ListFacet) {
  const chips: { key: string; label: string; remove: (f: BookFilters) => BookFilters }[] = [];
  for (const name of ['category', 'author', 'book_type', 'condition'] as const) {
    if (name === hidden) continue;
    for (const value of filters[name]) {
      const label = facets?.[name].find((v) => v.value === value)?.label ?? value;
      chips.push({
        key: `${name}:${value}`,
        label,
        remove: (f) => ({ ...f, [name]: f[name].filter((v) => v !== value) }),
      });
    }
  }
  const { price_min: min, price_max: max } = filters;
  if (min || max) {
    const label = min && max ? `${money(min)} – ${money(max)}` : min ? `From ${money(min)}` : `Up to ${money(max)}`;
    chips.push({ key: 'price', label, remove: (f) => ({ ...f, price_min: '', price_max: '' }) });
  }
  if (filters.rating_min) {
    const label =
      facets?.rating.find((r) => r.value === filters.rating_min)?.label ?? `${filters.rating_min} stars & up`;
    chips.push({ key: 'rating', label, remove: (f) => ({ ...f, rating_min: '' }) });
  }
  if (filters.in_stock) chips.push({ key: 'in_stock', label: 'In stock', remove: (f) => ({ ...f, in_stock: false }) });
  if (filters.on_sale) chips.push({ key: 'on_sale', label: 'On sale', remove: (f) => ({ ...f, on_sale: false }) });
  return chips;
}

/** The active filters as removable chips, and 'Clear all'. Nothing when no filter is on. */
export function ActiveFilters({
  filters,
  facets,
  hidden,
  onChange,
  onClear,
}: {
  filters: BookFilters;
  facets: BookFacets | undefined;
  hidden?: ListFacet;
  onChange: (next: BookFilters) => void;
  onClear: () => void;
}) {
  const chips = chipsOf(filters, facets, hidden);
  if (chips.length === 0) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          aria-label={`Remove filter: ${chip.label}`}
          onClick={() => onChange(chip.remove(filters))}
          className="inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-1 pr-2 pl-3 text-sm text-indigo-900 hover:bg-indigo-100 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:bg-indigo-900"
        >
          {chip.label}
          <CloseIcon className="h-4 w-4" />
        </button>
      ))}
      <button
        type="button"
        onClick={onClear}
        className="px-2 py-1 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        Clear all
      </button>
    </div>
  );
}

/** A filter that is on or off (a GET form sends it as `name=1`). */
function Switch({
  name,
  label,
  checked,
  onChange,
  count,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange(): void;
  count: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
      <input
        type="checkbox"
        role="switch"
        name={name}
        value="1"
        className="peer sr-only"
        checked={checked}
        onChange={onChange}
      />
      <span
        aria-hidden="true"
        className="relative inline-flex h-6 w-11 shrink-0 rounded-full bg-gray-400 transition peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition peer-checked:after:translate-x-5 dark:bg-gray-600"
      />
      <span>{label}</span>
      {count}
    </label>
  );
}
