/**
 * Every grid of book cards: two covers a row on a phone, as every bookshop shows them, three on a
 * tablet, four on a desktop (the spec's 4-column grid). The covers' `sizes` follow the same steps.
 */
export const bookGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4';
export const bookGridCoverSizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';
