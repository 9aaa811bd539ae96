/** A busy payment button's content: a spinner and 'Processing...'. */
export function Processing() {
  return (
    <>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
      />{' '}
      Processing...
    </>
  );
}
