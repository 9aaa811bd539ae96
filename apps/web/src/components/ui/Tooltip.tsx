import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** docs/product.md, "Constants": tooltips appear after 200 ms. */
export const TOOLTIP_DELAY_MS = 200;

/**
 * A hover/focus tooltip. The child keeps its own accessible name; the tooltip text is exposed as its
 * description.
 */
export function Tooltip({
  label,
  children,
}: {
  label: ReactNode;
  children: (describedBy: string) => ReactElement | ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <span
      className="relative inline-flex"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className={
          open
            ? 'pointer-events-none absolute top-full left-1/2 z-50 mt-2 -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-gray-100 dark:text-gray-900'
            : 'sr-only'
        }
      >
        {label}
      </span>
    </span>
  );
}
