import { BOOK_CONDITIONS, BOOK_TYPES, type Book, type Edition, editionMessages } from '@bookstore/contract';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { type EditionDraft, useEditionWrites } from '../api/books';
import { COUNT_INPUT, MONEY_INPUT } from './BookFormParts';

export const EMPTY_EDITION: EditionDraft = {
  format: 'Hardcover',
  condition: 'New',
  condition_note: '',
  isbn: '',
  price: '',
  stock_amount: '',
};

export function draftOf(edition: Edition): EditionDraft {
  return {
    format: edition.format,
    condition: edition.condition,
    condition_note: edition.condition_note,
    isbn: edition.isbn,
    price: edition.regular_price,
    stock_amount: edition.stock_amount === null ? '' : String(edition.stock_amount),
  };
}

type Errors = Record<string, string[] | undefined>;

/**
 * One edition's fields (docs/decisions/0022-editions.md): format, condition, staff's note on a used
 * copy, ISBN, price and stock (none for an eBook). `errors` are the server's, beside their fields.
 */
export function EditionFields({
  value,
  onChange,
  errors = {},
  idPrefix,
}: {
  value: EditionDraft;
  onChange(next: EditionDraft): void;
  errors?: Errors;
  idPrefix: string;
}) {
  const set = (field: keyof EditionDraft) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  const error = (field: string) => errors[field]?.[0];
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid={`${idPrefix}-fields`}>
      <SelectField label="Format" value={value.format} onChange={set('format')} error={error('format')}>
        {BOOK_TYPES.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </SelectField>
      <SelectField label="Condition" value={value.condition} onChange={set('condition')} error={error('condition')}>
        {BOOK_CONDITIONS.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </SelectField>
      <TextField label="ISBN" value={value.isbn} onChange={set('isbn')} error={error('isbn')} />
      <TextField label="Price" {...MONEY_INPUT} value={value.price} onChange={set('price')} error={error('price')} />
      {value.format !== 'eBook' && (
        <TextField
          label="Stock"
          {...COUNT_INPUT}
          value={value.stock_amount}
          onChange={set('stock_amount')}
          error={error('stock_amount')}
        />
      )}
      {value.condition !== 'New' && (
        <TextField
          label="Condition note"
          placeholder="Pencil marks on 3 pages"
          value={value.condition_note}
          onChange={set('condition_note')}
          error={error('condition_note')}
        />
      )}
    </div>
  );
}

const fieldsOf = (err: unknown): Errors => (err instanceof ApiError ? (err.fields ?? {}) : {});

function describe(edition: Edition): string {
  const condition = edition.condition === 'New' ? '' : ` (${edition.condition})`;
  const stock = edition.stock_amount === null ? 'no stock needed' : `${edition.stock_amount} in stock`;
  return `${edition.format}${condition}: $${edition.price}, ${stock}`;
}

/**
 * The edit dialog's editions: each with Edit and Remove, and a form to add one. Every change answers
 * the book, whose editions replace those shown.
 */
export function EditionsEditor({ book }: { book: Book }) {
  const [editions, setEditions] = useState(book.editions);
  const [editing, setEditing] = useState<{ id: number | null; draft: EditionDraft } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { add, change, remove } = useEditionWrites(book.id);
  const busy = add.isPending || change.isPending || remove.isPending;

  const save = () => {
    if (!editing) return;
    const done = (fresh: Book) => {
      setEditions(fresh.editions);
      setEditing(null);
      setErrors({});
      toast.success(editing.id === null ? editionMessages.added : editionMessages.updated);
    };
    const failed = (err: Error) => {
      setErrors(fieldsOf(err));
      toast.error(err.message);
    };
    if (editing.id === null) add.mutate(editing.draft, { onSuccess: done, onError: failed });
    else change.mutate({ id: editing.id, draft: editing.draft }, { onSuccess: done, onError: failed });
  };

  return (
    <section
      aria-labelledby={`editions-${book.id}`}
      className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-800"
    >
      <h3 id={`editions-${book.id}`} className="font-semibold">
        Editions
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {editions.map((edition) => (
          <li key={edition.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>{describe(edition)}</span>
            <span className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setErrors({});
                  setEditing({ id: edition.id, draft: draftOf(edition) });
                }}
              >
                Edit<span className="sr-only"> {edition.format}</span>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || editions.length < 2}
                onClick={() =>
                  remove.mutate(edition.id, {
                    onSuccess: (answer) => {
                      setEditions((list) => list.filter((e) => e.id !== edition.id));
                      toast.success(answer.message);
                    },
                    onError: (err) => toast.error(err.message),
                  })
                }
              >
                Remove<span className="sr-only"> {edition.format}</span>
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {editing ? (
        <div className="mt-3 space-y-3 rounded-md border border-gray-200 p-3 dark:border-gray-800">
          <EditionFields
            idPrefix="edition-form"
            value={editing.draft}
            onChange={(draft) => setEditing({ ...editing, draft })}
            errors={errors}
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="sm" disabled={busy} onClick={save}>
              {editing.id === null ? 'Add edition' : 'Save edition'}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          onClick={() => setEditing({ id: null, draft: { ...EMPTY_EDITION, isbn: book.isbn } })}
        >
          Add an edition
        </Button>
      )}
    </section>
  );
}
