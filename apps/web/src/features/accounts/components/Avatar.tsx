import { DEFAULT_AVATAR } from '../api/profile';

/** A round profile picture of `size` pixels; the default avatar when the picture cannot load. */
export function Avatar({ src, alt, size, className }: { src: string; alt: string; size: number; className: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      className={`${className} rounded-full border border-gray-200 object-cover dark:border-gray-700`}
      onError={(e) => {
        e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
