import type { Book } from '@bookstore/contract';
import { useState, type ImgHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { bookGridCoverSizes } from './bookGrid';

export const BOOK_PLACEHOLDER = '/book-placeholder.png';
export const AVATAR_PLACEHOLDER = '/avatar.png';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string | null | undefined;
  srcSet?: string | null;
  /** The same sizes in newer formats (AVIF, WebP), best first: offered through <picture>. */
  sources?: readonly { type: string; srcset: string }[] | null;
  alt: string;
  width: number;
  height: number;
  /**
   * Above the fold: load at once with high priority (React preloads it in <head>). 'low': above the
   * fold beside the text that leads the page, asked for at once but after the stylesheet, which the
   * text waits for (no preload). Otherwise lazy.
   */
  priority?: boolean | 'low';
  fallback?: string;
}

/**
 * An image that never shifts the layout (width and height always set), loads lazily below the fold,
 * offers the API's resized variants as srcset (and newer formats as <picture> sources), and falls
 * back to a placeholder when missing or broken.
 */
export function BookImage({
  src,
  srcSet,
  sources,
  alt,
  width,
  height,
  priority,
  fallback = BOOK_PLACEHOLDER,
  ...rest
}: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  const img = (
    <img
      {...rest}
      src={broken ? fallback : src}
      srcSet={broken ? undefined : (srcSet ?? undefined)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority === true ? 'auto' : 'async'}
      fetchPriority={priority === true ? 'high' : priority || undefined}
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
  if (broken || !sources || sources.length === 0) return img;
  return (
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={rest.sizes} />
      ))}
      {img}
    </picture>
  );
}

type Cover = Pick<Book, 'image' | 'image_srcset' | 'image_sources'>;

/** A book's cover as `BookImage` takes it: the image, its resized variants and newer formats. */
export const coverOf = (book: Cover) => ({ src: book.image, srcSet: book.image_srcset, sources: book.image_sources });

/** A small cover (40 x 56) for rows: search results, the dashboard's books table. */
export function BookThumb({ book }: { book: Cover }) {
  return (
    <BookImage
      {...coverOf(book)}
      sizes="40px"
      alt=""
      width={40}
      height={56}
      className="h-14 w-10 rounded object-cover"
    />
  );
}

/**
 * A book card's cover: a link to the book kept out of the tab order and from screen readers (the
 * title beside it is the link they use), with the card's responsive sizes.
 */
export function CardCover({ book, href, priority }: { book: Cover; href: string; priority?: boolean }) {
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-gray-100 dark:bg-gray-800">
      <BookImage
        {...coverOf(book)}
        sizes={bookGridCoverSizes}
        alt=""
        width={300}
        height={400}
        priority={priority}
        className="mx-auto aspect-[3/4] h-auto w-full object-cover transition group-hover:scale-[1.02]"
      />
    </Link>
  );
}
