import clsx from 'clsx';

export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred loading block that keeps some height so the footer does not jump. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
