import type { Book, Edition } from '@bookstore/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { EditionOption } from '../../../components/ui/EditionOption';

/**
 * "Choose a format": a card's Add to Cart for a title sold more than one way (docs/decisions/0022-editions.md)
 * asks which edition, listing each as the book page's format picker does; one that has sold out cannot be
 * chosen, nor an eBook coming soon. Loaded the first time a shopper asks (the dialog library is not in a listing's first script).
 */
export default function ChooseEdition({
  book,
  onChoose,
  onClose,
}: {
  book: Book;
  onChoose(edition: Edition): void;
  onClose(): void;
}) {
  return (
    <Dialog title="Choose a format" size="md" onClose={onClose}>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{book.title}</p>
      <ul className="mt-4 grid gap-2">
        {book.editions.map((edition) => (
          <li key={edition.id}>
            <button
              type="button"
              disabled={!edition.in_stock || edition.coming_soon}
              onClick={() => onChoose(edition)}
              className="flex w-full items-center justify-between gap-3 rounded-md border border-gray-300 p-3 text-left text-sm hover:border-indigo-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:border-gray-300 dark:border-gray-700"
            >
              <EditionOption edition={edition} />
            </button>
          </li>
        ))}
      </ul>
      <DialogActions className="pt-4">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
