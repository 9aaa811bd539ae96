import { type Book, bookMessages, editBookSchema } from '@bookstore/contract';
import toast from '../../../lib/toast';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { type BookFormValues, useBookChoices, useUpdateBook } from '../api/books';
import { ChoiceOptions, COUNT_INPUT, CoverPicker, MONEY_INPUT, useBookForm } from './BookFormParts';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { EditionsEditor } from './EditionsEditor';

/**
 * The dashboard's Edit dialog (docs/product.md, "API": id, title, count_in_stock, category, description,
 * price, image; the price and stock are the default edition's). Server field errors stay beside their
 * fields; success refreshes the lists and closes. Below the form, the book's editions.
 */
export function EditBookDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const update = useUpdateBook();
  const { categories } = useBookChoices();
  const { form, cover, setCover, coverError, setCoverError, showServerErrors, error } = useBookForm(editBookSchema, {
    title: book.title,
    count_in_stock: String(book.count_in_stock ?? 0),
    category: book.category === null ? '' : String(book.category),
    description: book.description,
    price: book.price,
  });
  const { register, handleSubmit, getValues } = form;

  const onSubmit = () =>
    update.mutate(
      { id: book.id, values: getValues() as BookFormValues, image: cover },
      {
        onSuccess: () => {
          toast.success(bookMessages.updated);
          onClose();
        },
        onError: (err) => {
          showServerErrors(err);
          toast.error(err.message);
        },
      },
    );

  return (
    <Dialog title="Edit Book" busy={update.isPending} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 space-y-4">
        <TextField label="Title" {...register('title')} error={error('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price" {...MONEY_INPUT} {...register('price')} error={error('price')} />
          <TextField label="Stock" {...COUNT_INPUT} {...register('count_in_stock')} error={error('count_in_stock')} />
        </div>
        <SelectField label="Category" {...register('category')} error={error('category')}>
          <ChoiceOptions placeholder="Select a category" choices={categories} />
        </SelectField>
        <TextAreaField label="Description" rows={4} {...register('description')} error={error('description')} />
        <CoverPicker file={cover} onChange={setCover} current={book.image} error={coverError} onError={setCoverError} />
        <SaveActions busy={update.isPending} onCancel={onClose} />
      </form>
      <EditionsEditor book={book} />
    </Dialog>
  );
}
