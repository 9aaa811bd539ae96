import { type Book, bookMessages, type EditBookInput, editBookSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { type BookFormValues, useBookChoices, useUpdateBook } from '../api/books';
import { applyServerFields, ChoiceOptions, CoverPicker } from './BookFormParts';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';

const FIELDS = Object.keys(editBookSchema.shape);

/**
 * The dashboard's Edit dialog (spec section 7: id, title, count_in_stock, category, description,
 * price, image). Server field errors stay beside their fields; success refreshes the lists and closes.
 */
export function EditBookDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const update = useUpdateBook();
  const { categories } = useBookChoices();
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<EditBookInput>({
    resolver: zodResolver(editBookSchema),
    defaultValues: {
      title: book.title,
      count_in_stock: String(book.count_in_stock),
      category: book.category === null ? '' : String(book.category),
      description: book.description,
      price: book.price,
    },
  });

  const onSubmit = () =>
    update.mutate(
      { id: book.id, values: getValues() as BookFormValues, image: cover },
      {
        onSuccess: () => {
          toast.success(bookMessages.updated);
          onClose();
        },
        onError: (err) => {
          applyServerFields(
            err instanceof ApiError ? err.fields : undefined,
            FIELDS,
            (field, message) => setError(field as Path<EditBookInput>, { message }),
            setCoverError,
          );
          toast.error(err.message);
        },
      },
    );

  const error = (field: keyof EditBookInput) => errors[field]?.message;
  return (
    <Dialog title="Edit Book" busy={update.isPending} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 space-y-4">
        <TextField label="Title" {...register('title')} error={error('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price" type="number" inputMode="decimal" min="0" step="0.01" {...register('price')} error={error('price')} />
          <TextField label="Stock" type="number" inputMode="numeric" min="0" step="1" {...register('count_in_stock')} error={error('count_in_stock')} />
        </div>
        <SelectField label="Category" {...register('category')} error={error('category')}>
          <ChoiceOptions placeholder="Select a category" choices={categories} />
        </SelectField>
        <TextAreaField label="Description" rows={4} {...register('description')} error={error('description')} />
        <CoverPicker file={cover} onChange={setCover} current={book.image} error={coverError} onError={setCoverError} />
        <SaveActions busy={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
