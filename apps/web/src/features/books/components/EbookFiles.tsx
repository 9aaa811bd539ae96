import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { useEbookFiles, useUploadEbookFile } from '../api/books';

const size = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Staff's "eBook file" for each eBook edition of a title (docs/product.md, "eBook downloads"): what
 * buyers download, an EPUB or a PDF, uploaded as soon as it is picked. Nothing for a title without
 * an eBook edition.
 */
export function EbookFiles({ bookId }: { bookId: number }) {
  const files = useEbookFiles(bookId);
  const upload = useUploadEbookFile(bookId);
  const [errors, setErrors] = useState<Record<number, string>>({});
  if (files.isPending) return null;
  if (files.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
        We could not load this title&apos;s eBook files.
      </p>
    );
  }
  if (files.data.length === 0) return null;
  return (
    <section
      aria-labelledby={`ebook-files-${bookId}`}
      className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-800"
    >
      <h3 id={`ebook-files-${bookId}`} className="font-semibold">
        eBook file
      </h3>
      <ul className="mt-2 space-y-3">
        {files.data.map((entry) => {
          const inputId = `ebook-file-${entry.edition}`;
          return (
            <li key={entry.edition} className="text-sm">
              <p className="text-gray-700 dark:text-gray-300" data-testid={`ebook-file-state-${entry.edition}`}>
                {entry.isbn ? `ISBN ${entry.isbn}: ` : ''}
                {entry.file
                  ? `${entry.file.format.toUpperCase()}, ${size(entry.file.size_bytes)}, uploaded ${formatDate(entry.file.uploaded_at, 'exact')}`
                  : 'No file yet: buyers see that their eBook is being prepared.'}
              </p>
              <label htmlFor={inputId} className="mt-1 block font-medium">
                {entry.file ? 'Replace the file' : 'Upload the file'} (EPUB or PDF)
              </label>
              <input
                id={inputId}
                type="file"
                accept=".epub,.pdf,application/epub+zip,application/pdf"
                disabled={upload.isPending}
                aria-invalid={errors[entry.edition] ? true : undefined}
                aria-describedby={errors[entry.edition] ? `${inputId}-error` : undefined}
                className="mt-1 block w-full text-sm"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (!file) return;
                  setErrors(({ [entry.edition]: _, ...rest }) => rest);
                  upload.mutate(
                    { edition: entry.edition, file },
                    {
                      onSuccess: () => toast.success('The eBook file was uploaded.'),
                      onError: (error) => setErrors((all) => ({ ...all, [entry.edition]: error.message })),
                    },
                  );
                }}
              />
              {errors[entry.edition] && (
                <p id={`${inputId}-error`} role="alert" className="mt-1 text-red-700 dark:text-red-300">
                  {errors[entry.edition]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
