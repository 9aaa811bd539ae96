import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { LINK_ENDPOINTS, openLink, problemOf } from '../api/recovery';

/**
 * The page a confirmation link opens (/verify-email, /confirm-email, /newsletter/confirm): it uses the
 * link once and says what happened.
 */
export default function ConfirmLinkPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const endpoint = LINK_ENDPOINTS[pathname.replace(/\/$/, '')] ?? LINK_ENDPOINTS['/verify-email']!;
  // A query, not an effect: it runs once per link, however often React renders the page.
  const result = useQuery({
    queryKey: ['mail-link', endpoint.url, token],
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: () => openLink(endpoint.url, token),
  });

  if (result.isPending) return <PageLoading />;
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold">{endpoint.title}</h1>
      <div className="mt-8 space-y-4 rounded-lg border border-gray-200 p-6 shadow-sm dark:border-gray-800">
        {result.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {problemOf(result.error)}
          </p>
        ) : (
          <p role="status">{result.data.message}</p>
        )}
        <Link to={paths.home} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Continue shopping
        </Link>
      </div>
    </section>
  );
}
