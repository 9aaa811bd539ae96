import type { Book, BookDetail } from '@bookstore/contract';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Places where other features show something inside catalogue screens. The catalogue does not know
 * what goes there; the app (src/app) fills them, so features never import each other.
 */
export interface CatalogueSlots {
  /** A small control on every book card (the wishlist heart). */
  cardAction?: (book: Book) => ReactNode;
  /** Beside 'Add to Cart' on the book page (the wishlist toggle). */
  purchaseAction?: (book: BookDetail) => ReactNode;
  /**
   * On the page of a book that is out of stock, under its notice: "Email me when it's back"
   * (features/alerts).
   */
  outOfStockAction?: (book: BookDetail) => ReactNode;
  /** The content of the book page's reviews tab. */
  reviews?: (book: BookDetail) => ReactNode;
  /** The book's first reviews as plain text, for the page as the server sends it (read without JavaScript). */
  firstReviews?: (book: BookDetail) => ReactNode;
}

const SlotsContext = createContext<CatalogueSlots>({});

export const CatalogueSlotsProvider = SlotsContext.Provider;

export function useCatalogueSlots(): CatalogueSlots {
  return useContext(SlotsContext);
}
