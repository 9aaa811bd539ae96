import { BOOK_CONDITIONS, BOOK_TYPES, bookMessages, createBookSchema } from '@bookstore/contract';
import { useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/hooks';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import {
  addEditions,
  type BookFormValues,
  type EditionDraft,
  useBookChoices,
  useCreateBook,
  useProfileForBooks,
} from '../api/books';
import { EditionFields, EMPTY_EDITION } from '../components/EditionsEditor';
import { ChoiceOptions, COUNT_INPUT, CoverPicker, MONEY_INPUT, useBookForm } from '../components/BookFormParts';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * docs/product.md, "Screens", Add New Book (and "Rules": add book access): signed-in users with a complete
 * profile; the contract's rules checked here first, then by the server, whose field errors are shown
 * beside their fields. A reader's book waits for staff before it is in the shop (the page says so, and
 * sends them to /my-books after); Available and Featured are staff's to set.
 */
export default function AddBookPage() {
  usePageTitle('Add New Book');
  const navigate = useNavigate();
  const isAuth = useAuthStore((s) => s.isAuth);
  const isStaff = useAuthStore((s) => s.isAdmin);
  const profile = useProfileForBooks(isAuth);
  const { authors, categories } = useBookChoices();
  const create = useCreateBook();
  const { form, cover, setCover, coverError, setCoverError, showServerErrors, error } = useBookForm(createBookSchema, {
    title: '',
    publisher: '',
    published_date: today(),
    isbn: '',
    genre: '',
    author: '',
    category: '',
    book_type: 'Paperback',
    condition: 'New',
    original_price: '',
    price: '',
    stock_amount: '',
    description: '',
    tags: '',
    available: true,
    featured: false,
  });
  const { register, handleSubmit, getValues } = form;
  /** Staff's further editions (docs/decisions/0022-editions.md), added once the book is. */
  const [more, setMore] = useState<EditionDraft[]>([]);

  // Staff are never sent to complete a profile (the owner made from ADMIN_EMAIL has no name).
  const incomplete =
    !isStaff &&
    profile.data &&
    !(profile.data.firstName.trim() && profile.data.lastName.trim() && profile.data.email.trim());
  useEffect(() => {
    if (!isAuth) {
      toast.error(bookMessages.loginFirst);
      rememberDestination(paths.addBook);
      navigate(paths.login, { replace: true });
    } else if (incomplete) {
      toast.error(bookMessages.profileIncomplete);
      navigate(paths.profile, { replace: true });
    }
  }, [isAuth, incomplete, navigate]);

  if (!isAuth || incomplete) return null;

  const onSubmit = () => {
    if (!cover) {
      setCoverError(bookMessages.coverRequired);
      return;
    }
    create.mutate(
      { values: getValues() as BookFormValues, image: cover },
      {
        onSuccess: async (book) => {
          const problems = isStaff && more.length > 0 ? await addEditions(book.id, more) : [];
          for (const problem of problems) toast.error(problem);
          if (book.review_status === 'approved') {
            toast.success(bookMessages.created);
            navigate(paths.book(book.title));
          } else {
            toast.success(bookMessages.submitted);
            navigate(paths.myBooks);
          }
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 403 && err.message === bookMessages.profileIncomplete) {
            toast.error(err.message);
            navigate(paths.profile);
            return;
          }
          showServerErrors(err);
          toast.error(err.message || 'An unexpected error occurred');
        },
      },
    );
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add New Book</h1>
        <Button onClick={() => navigate(-1)} variant="secondary">
          <CloseIcon width={16} height={16} /> Close
        </Button>
      </div>
      {!isStaff && (
        <p
          role="note"
          className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {bookMessages.waitsForReview}
        </p>
      )}
      {profile.isPending ? (
        <Spinner />
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit, () => !cover && setCoverError(bookMessages.coverRequired))}
          className="space-y-5 rounded-xl border border-gray-200 p-6 dark:border-gray-800"
        >
          <TextField label="Title" {...register('title')} error={error('title')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Author" {...register('author')} error={error('author')}>
              <ChoiceOptions placeholder="Select an author" choices={[{ id: 0, name: 'None' }, ...authors]} />
            </SelectField>
            <SelectField label="Category" {...register('category')} error={error('category')}>
              <ChoiceOptions placeholder="Select a category" choices={categories} />
            </SelectField>
            <TextField label="Publisher" {...register('publisher')} error={error('publisher')} />
            <TextField
              label="Published Date"
              type="date"
              {...register('published_date')}
              error={error('published_date')}
            />
            <TextField label="ISBN" {...register('isbn')} error={error('isbn')} />
            <TextField label="Genre" {...register('genre')} error={error('genre')} />
            <SelectField label="Book Type" {...register('book_type')} error={error('book_type')}>
              {BOOK_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </SelectField>
            <SelectField label="Condition" {...register('condition')} error={error('condition')}>
              {BOOK_CONDITIONS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
            <TextField
              label="Original Price"
              {...MONEY_INPUT}
              {...register('original_price')}
              error={error('original_price')}
            />
            <TextField label="Selling Price" {...MONEY_INPUT} {...register('price')} error={error('price')} />
            <TextField
              label="Stock Amount"
              {...COUNT_INPUT}
              {...register('stock_amount')}
              error={error('stock_amount')}
            />
            <TextField label="Tags (comma separated)" {...register('tags')} error={error('tags')} />
          </div>
          <TextAreaField label="Description" rows={5} {...register('description')} error={error('description')} />
          {isStaff && (
            <div className="flex flex-wrap gap-6">
              <CheckboxField label="Available" {...register('available')} />
              <CheckboxField label="Featured" {...register('featured')} />
            </div>
          )}
          {isStaff && (
            <fieldset className="space-y-3">
              <legend className="font-semibold">More editions</legend>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                The fields above make the first edition. Add a hardcover, an eBook or a used copy here.
              </p>
              {more.map((draft, index) => (
                <div key={index} className="space-y-2 rounded-md border border-gray-200 p-3 dark:border-gray-800">
                  <EditionFields
                    idPrefix={`new-edition-${index}`}
                    value={draft}
                    onChange={(next) => setMore((list) => list.map((d, i) => (i === index ? next : d)))}
                  />
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setMore((list) => list.filter((_, i) => i !== index))}
                  >
                    Remove this edition
                  </Button>
                </div>
              ))}
              <Button size="sm" variant="secondary" onClick={() => setMore((list) => [...list, { ...EMPTY_EDITION }])}>
                Add another edition
              </Button>
            </fieldset>
          )}
          <CoverPicker file={cover} onChange={setCover} error={coverError} onError={setCoverError} required />
          <div className="flex justify-end gap-3">
            <Button onClick={() => navigate(-1)} variant="secondary">
              Cancel
            </Button>
            <SubmitButton busy={create.isPending} busyText="Adding...">
              Add Book
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
