import type { ToastOptions } from 'react-hot-toast';

type Library = typeof import('react-hot-toast');
type Show = (message: string, options?: ToastOptions) => void;

// The toast library (and the CSS-in-JS it draws with) is not part of the first page: it loads, and
// the toaster mounts (app/providers.tsx), the first time a toast is shown.
let loading: Promise<Library> | undefined;
const listeners = new Set<() => void>();

/** Whether a toast has been asked for yet (the toaster is mounted from then on). */
export const toastsWanted = () => loading !== undefined;

export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function loadToasts() {
  if (!loading) {
    loading = import('react-hot-toast');
    listeners.forEach((listener) => listener());
  }
  return loading;
}

const shown =
  (pick: (toast: Library['default']) => Show): Show =>
  (message, options) => {
    void loadToasts().then(({ default: toast }) => pick(toast)(message, options));
  };

/** react-hot-toast's `toast`, `toast.success` and `toast.error`, shown once the library is in. */
const toast = Object.assign(
  shown((t) => t),
  { success: shown((t) => t.success), error: shown((t) => t.error) },
);

export default toast;
