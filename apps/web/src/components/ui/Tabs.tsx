import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  /** The tab's text. */
  label: ReactNode;
  /** A key of its own; also its `data-replay` (public/boot.js holds a tap on it before the app starts). */
  key: string;
  panel: ReactNode;
  panelClassName?: string;
}

/**
 * Tabs as the WAI-ARIA pattern has them (a tablist of buttons, one panel shown, arrows, Home and End
 * move between tabs, the focused tab is the only one in the tab order), in a few lines of our own:
 * Headless UI's Tabs brought about 12 KiB gzip to the book page (docs/decisions/0021-less-script.md).
 * The selected tab carries `data-selected`, for its style.
 */
export function Tabs({
  items,
  label,
  className,
  listClassName,
  tabClassName,
  panelsClassName,
}: {
  items: TabItem[];
  label: string;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelsClassName?: string;
}) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const next = (index + items.length) % items.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  const current = items[selected]!;
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName}
        onKeyDown={onKeyDown}
      >
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}tab-${index}`}
            aria-selected={index === selected}
            aria-controls={index === selected ? `${id}panel` : undefined}
            tabIndex={index === selected ? 0 : -1}
            data-selected={index === selected ? '' : undefined}
            data-replay={item.key}
            className={tabClassName}
            onClick={() => setSelected(index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className={panelsClassName}>
        <div
          role="tabpanel"
          id={`${id}panel`}
          aria-labelledby={`${id}tab-${selected}`}
          tabIndex={0}
          className={current.panelClassName}
        >
          {current.panel}
        </div>
      </div>
    </div>
  );
}
