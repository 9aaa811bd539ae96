/**
 * Said only to a page without scripts (index.css, .no-script-only), beside the buttons that need the
 * app (cart, wishlist), which then look unavailable: they say why instead of doing nothing.
 */
export function NeedsScriptNote({ className = '' }: { className?: string }) {
  return (
    <p
      className={`no-script-only rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      The cart and the wishlist need JavaScript, which is turned off in this browser. Browsing, sorting and searching
      work without it.
    </p>
  );
}
