import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { Button, buttonClass } from '../../components/ui/Button';
import { useCaughtError } from '../client-routes';

function describe(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page not found', text: 'We could not find the page you were looking for.' };
  }
  // A deploy replaced the page's code while it was open: a reload fetches the new files.
  if (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return { title: 'A new version is available', text: 'Please reload the page to continue.' };
  }
  return { title: 'Something went wrong', text: 'An unexpected error occurred. Please try again.' };
}

/** The data router's error (the server renders with it; the browser's router has its own boundaries). */
function RouterError() {
  return <ErrorMessage error={useRouteError()} />;
}

/** The error boundary of every screen: the header and footer stay, the page says what happened. */
export function RouteError() {
  const caught = useCaughtError();
  // The browser's router always gives its error (app/client-routes.tsx); only the server's is the data router.
  return caught || !import.meta.env.SSR ? <ErrorMessage error={caught?.error} /> : <RouterError />;
}

function ErrorMessage({ error }: { error: unknown }) {
  const { title, text } = describe(error);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{text}</p>
      <div className="mt-8 flex gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Link to={paths.home} reloadDocument className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          Go to Home
        </Link>
      </div>
    </section>
  );
}

/** Last resort when even the layout failed: no header, just a way back. */
export function RootError() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <RouteError />
    </main>
  );
}
