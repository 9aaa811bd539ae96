import clsx from 'clsx';
import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/** light: a call to action on an indigo band (the home page's and About page's). */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'light';
/** sm: header and card actions; md: form and dialog buttons; lg: page buttons; xl: the big calls to action. */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed dark:focus-visible:ring-offset-gray-950';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-gray-400 disabled:text-gray-900 dark:disabled:bg-gray-700 dark:disabled:text-gray-200',
  secondary:
    'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:opacity-60',
  light: 'bg-white text-indigo-800 hover:bg-indigo-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-2 text-sm font-medium',
  md: 'px-4 py-2 text-sm font-semibold',
  lg: 'px-4 py-2 font-semibold',
  xl: 'px-6 py-3 font-semibold',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout only (width, margins, grid placement); colours and padding come from variant and size. */
  className?: string;
}

/** The classes of a button, for the few controls that are links or library parts but look like one. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return clsx(base, variants[variant], sizes[size], className);
}

/** Every button of the store: `type="button"` unless told otherwise. */
export const Button = forwardRef<HTMLButtonElement, ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>>(
  function Button({ variant, size, className, type = 'button', ...button }, ref) {
    return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...button} />;
  },
);

/** A form's submit button: disabled while `busy`, and saying `busyText` (such as 'Saving...') meanwhile. */
export function SubmitButton({
  busy,
  busyText,
  children,
  ...style
}: ButtonStyle & { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} {...style}>
      {busy ? busyText : children}
    </Button>
  );
}

/** A round ✕ button that closes a menu, sheet or search; `label` names it for screen readers. */
export const CloseButton = forwardRef<HTMLButtonElement, { label: string } & ButtonHTMLAttributes<HTMLButtonElement>>(
  function CloseButton({ label, type = 'button', ...button }, ref) {
    return (
      <button
        ref={ref}
        type={type}
        aria-label={label}
        className="rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        {...button}
      >
        <CloseIcon />
      </button>
    );
  },
);
