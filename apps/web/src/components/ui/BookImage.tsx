import { useState, type ImgHTMLAttributes } from 'react';

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
