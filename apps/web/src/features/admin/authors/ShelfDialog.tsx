import {
  authorInputSchema,
  authorMessages,
  type AuthorInput,
  categoryInputSchema,
  categoryMessages,
  type CategoryInput,
} from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, type Resolver, useForm } from 'react-hook-form';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { CheckboxField, fieldsOf, TextAreaField, TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { type Shelf, type ShelfKind, useSaveShelf } from '../api/shelves';

/** What differs between the two: the words, the schema, and the shelf's own text (an author's brief, a category's description). */
export const SHELF_WORDS = {
  author: {
    one: 'author',
    an: 'An author',
    title: 'Author',
    many: 'Authors',
    about: 'brief',
    aboutLabel: 'Brief',
    schema: authorInputSchema,
    messages: authorMessages,
  },
  category: {
    one: 'category',
    an: 'A category',
    title: 'Category',
    many: 'Categories',
    about: 'description',
    aboutLabel: 'Description',
    schema: categoryInputSchema,
    messages: categoryMessages,
  },
} as const;

type Values = { name: string; brief?: string; description?: string; featured: boolean };
const FIELDS = ['name', 'brief', 'description', 'featured'] as const;

/**
 * Add or edit an author or a category: name, its text and whether it is featured, checked by the
 * contract's schema before sending. The server's field errors (a name already taken) stay beside their field.
 */
export function ShelfDialog({ kind, shelf, onClose }: { kind: ShelfKind; shelf?: Shelf; onClose(): void }) {
  const words = SHELF_WORDS[kind];
  const save = useSaveShelf(kind);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(words.schema) as unknown as Resolver<Values>,
    defaultValues: {
      name: shelf?.name ?? '',
      [words.about]: shelf ? (shelf as Record<string, unknown>)[words.about] : '',
      featured: shelf?.featured ?? false,
    },
  });
  const field = fieldsOf(register, errors);

  const onSubmit = (values: Values) =>
    save.mutate(
      { id: shelf?.id, values: values as AuthorInput & CategoryInput },
      {
        onSuccess: () => {
          toast.success(shelf ? words.messages.updated : words.messages.added);
          onClose();
        },
        onError: (err) => {
          for (const [name, messages] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
            if ((FIELDS as readonly string[]).includes(name))
              setError(name as Path<Values>, { message: messages.join(', ') });
          }
          toast.error(err.message);
        },
      },
    );

  return (
    <Dialog title={shelf ? `Edit ${words.title}` : `Add ${words.title}`} busy={save.isPending} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 space-y-4">
        <TextField label="Name" autoComplete="off" {...field('name')} />
        <TextAreaField label={words.aboutLabel} rows={4} {...field(words.about)} />
        <CheckboxField
          label={`Featured (listed first in the ${words.many.toLowerCase()} menu)`}
          {...register('featured')}
        />
        <SaveActions busy={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
