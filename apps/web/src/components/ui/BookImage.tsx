import { useState, type ImgHTMLAttributes } from 'react';
import { Link } from 'react-router';

export const BOOK_PLACEHOLDER = '/book-placeholder.png';
export const AVATAR_PLACEHOLDER = '/avatar.png';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string | null | undefined;
  srcSet?: string | null;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  fallback?: string;
}

/**
 * An image that never shifts the layout (width and height always set), loads lazily below the fold,
 * offers the API's resized variants as srcset, and falls back to a placeholder when missing or broken.
 */
export function BookImage({ src, srcSet, alt, width, height, priority, fallback = BOOK_PLACEHOLDER, ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <img
      {...rest}
      src={broken ? fallback : src}
      srcSet={broken ? undefined : (srcSet ?? undefined)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
}

/**
 * A book card's cover: a link to the book kept out of the tab order and from screen readers (the
 * title beside it is the link they use), with the card's responsive sizes.
 */
export function CardCover({
  book,
  href,
  priority,
}: {
  book: { image: string | null; image_srcset: string | null };
  href: string;
  priority?: boolean;
}) {
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-gray-100 dark:bg-gray-800">
      <BookImage
        src={book.image}
        srcSet={book.image_srcset}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        alt=""
        width={300}
        height={400}
        priority={priority}
        className="mx-auto aspect-[3/4] h-auto w-full object-cover transition group-hover:scale-[1.02]"
      />
    </Link>
  );
}
