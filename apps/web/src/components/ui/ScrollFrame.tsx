import clsx from 'clsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** A shadow on an edge of the frame beyond which there is more to see. */
const EDGE =
  'pointer-events-none absolute inset-y-px w-6 from-gray-900/20 to-transparent transition-opacity duration-200 dark:from-black/70';
const EDGES = [
  { side: 'before', className: 'left-px rounded-l-xl bg-gradient-to-r' },
  { side: 'after', className: 'right-px rounded-r-xl bg-gradient-to-l' },
] as const;

/**
 * A frame a wide table scrolls sideways in (on a phone, mostly), that shows it does: a shadow on each
 * edge with more beyond it, and a line under it saying so. The frame takes keyboard focus (the arrow
 * keys scroll it) and is named by `label`.
 */
export function ScrollFrame({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((now) => (now.before === before && now.after === after ? now : { before, after }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(element);
    if (element.firstElementChild) resize?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, []);

  return (
    <div className={className}>
      <div className="relative">
        {/* relative: the screen-reader-only texts inside are absolute, and must scroll with the table,
            not widen the page. */}
        <div
          ref={frame}
          role="region"
          aria-label={label}
          tabIndex={0}
          data-scrolls={more.before || more.after}
          className="relative overflow-x-auto rounded-xl border border-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-gray-800"
        >
          {children}
        </div>
        {EDGES.map(({ side, className }) => (
          <div
            key={side}
            aria-hidden="true"
            className={clsx(EDGE, className, more[side] ? 'opacity-100' : 'opacity-0')}
          />
        ))}
      </div>
      {(more.before || more.after) && (
        <p className="mt-2 text-xs text-gray-700 dark:text-gray-300" data-testid="scroll-hint">
          <span aria-hidden="true">⇆ </span>Scroll sideways to see every column
        </p>
      )}
    </div>
  );
}
