import { Link } from 'react-router';

/**
 * The sign-in screens' line that leads to the next one ("Already have an account? Sign in"): a question
 * (optional) and an underlined link, readable in both themes.
 */
export function SwitchLink({
  question,
  to,
  children,
  className = 'mt-6 text-center text-sm',
}: {
  question?: string;
  to: string;
  children: string;
  className?: string;
}) {
  return (
    <p className={`${className} text-gray-700 dark:text-gray-300`}>
      {question && <>{question} </>}
      <Link to={to} className="font-semibold text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300">
        {children}
      </Link>
    </p>
  );
}
