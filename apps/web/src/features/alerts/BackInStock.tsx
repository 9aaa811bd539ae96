import type { BookDetail, StockAlert } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import toast from '../../lib/toast';
import { rememberDestination, useAuthStore } from '../../stores/auth';

/**
 * "Email me when it's back" on an out-of-stock book's page: one e-mail when its stock comes back
 * (docs/decisions/0016-mail.md). Guests are sent to sign in first.
 */
export function BackInStock({ book }: { book: BookDetail }) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = ['stock-alert', book.id];
  const state = useQuery({
    queryKey: key,
    enabled: isAuth,
    queryFn: ({ signal }) => api.get<StockAlert>(`/books/${book.id}/notify/`, { signal }),
  });
  const ask = useMutation({
    mutationFn: () => api.post<StockAlert>(`/books/${book.id}/notify/`),
    // A read of the state still on its way was answered before this request was: its "not waiting"
    // would overwrite the reply (a tap as the part mounts, when it reads the state).
    onSuccess: async (reply) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, reply);
    },
    onError: (err) => toast.error(err.message),
  });

  if (isAuth && state.data?.waiting) {
    return (
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {state.data.message}
      </p>
    );
  }
  const onClick = () => {
    if (!isAuth) {
      rememberDestination();
      navigate(paths.login, { state: { message: "Please sign in to be told when it's back" } });
      return;
    }
    ask.mutate();
  };
  return (
    <Button variant="secondary" onClick={onClick} disabled={ask.isPending}>
      {ask.isPending ? 'Saving...' : "Email me when it's back"}
    </Button>
  );
}
