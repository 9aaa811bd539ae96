import type { Book } from '@bookstore/contract';
import type { ReactNode } from 'react';

/** The edit dialog comes from the books feature, through the app (features never import each other). */
export type EditBookSlot = (props: { book: Book; onClose(): void }) => ReactNode;
