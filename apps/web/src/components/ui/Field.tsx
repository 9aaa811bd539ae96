import clsx from 'clsx';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { FieldErrors, FieldValues, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The label above, the control, then the hint and the validation message read out by screen readers. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { id: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie a control to its message. */
const described = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A labelled input with its validation message read out by screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, className, ...input }, ref) {
    const id = useId();
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
        <input
          ref={ref}
          {...described(id, error)}
          className={clsx(inputClass, error && 'border-red-500 dark:border-red-500')}
          {...input}
        />
      </FieldFrame>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, className, ...input }, ref) {
    const id = useId();
    return (
      <FieldFrame id={id} label={label} error={error} className={className}>
        <textarea
          ref={ref}
          {...described(id, error)}
          className={clsx(inputClass, error && 'border-red-500')}
          {...input}
        />
      </FieldFrame>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, className, children, ...select }, ref) {
    const id = useId();
    return (
      <FieldFrame id={id} label={label} error={error} className={className}>
        <select ref={ref} {...described(id, error)} className={clsx(inputClass, error && 'border-red-500')} {...select}>
          {children}
        </select>
      </FieldFrame>
    );
  },
);

export const CheckboxField = forwardRef<HTMLInputElement, { label: string } & InputHTMLAttributes<HTMLInputElement>>(
  function CheckboxField({ label, className, ...input }, ref) {
    return (
      <label
        className={clsx('flex items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200', className)}
      >
        <input
          ref={ref}
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300 text-indigo-600 focus:ring-indigo-500"
          {...input}
        />
        {label}
      </label>
    );
  },
);

/** A labelled file input; the hint (and any extra control) goes under it, then the message. */
export const FileField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function FileField({ label, error, hint, className, ...input }, ref) {
    const id = useId();
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
        <input
          ref={ref}
          type="file"
          {...described(id, error)}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-semibold file:text-indigo-800 dark:text-gray-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
          {...input}
        />
      </FieldFrame>
    );
  },
);

/**
 * A react-hook-form field's registration (with its `rules`, if any) and its message, for spreading on a
 * TextField: `{...field('email')}`.
 */
export function fieldsOf<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, rules?: RegisterOptions<T, Path<T>>) => ({
    ...register(name, rules),
    error: errors[name]?.message as string | undefined,
  });
}

/** A form's problem that belongs to no one field (the server's refusal), read out when it appears. */
export function FormProblem({
  problem,
  className = 'text-sm text-red-700 dark:text-red-400',
}: {
  problem: string | null;
  className?: string;
}) {
  if (!problem) return null;
  return (
    <p role="alert" className={className}>
      {problem}
    </p>
  );
}
