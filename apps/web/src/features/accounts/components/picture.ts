import { accountMessages, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@bookstore/contract';

/** The browser's first look at a picked picture (the server checks the bytes again). */
export function pictureProblem(file: File, tooLarge: string = accountMessages.pictureTooLarge): string | null {
  if (file.size > PICTURE_MAX_BYTES) return tooLarge;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return accountMessages.pictureWrongType;
  return null;
}
