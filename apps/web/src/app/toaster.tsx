import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** docs/product.md, "Constants": at most 20 toasts on screen; older ones are dismissed. */
export const TOAST_LIMIT = 20;

function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

/** Where toasts appear (mounted by app/providers.tsx the first time one is shown). */
export default function AppToaster() {
  return (
    <>
      <ToastLimit />
      <Toaster
        position="top-center"
        containerStyle={{ top: 72 }}
        toastOptions={{
          // error, blank and custom: 4 s; success: 2 s; loading: until dismissed.
          duration: 4000,
          success: { duration: 2000 },
          loading: { duration: Infinity },
          className: 'dark:!bg-gray-800 dark:!text-gray-100',
        }}
      />
    </>
  );
}
