import { z } from 'zod';
import { bookSchema } from './catalogue.js';

/** `GET /api/wishlist/`: the caller's books, most recently added first. */
export const wishlistSchema = z.array(bookSchema).meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof wishlistSchema>;
