import toast from '../../../lib/toast';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useAuthStore } from '../../../stores/auth';
import { useSetStaff, useUsers } from '../api/users';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { Badge } from '../../../components/ui/Badge';
import { formatDate } from '../../../lib/dates';

/** Users tab: 10 a page, with a staff badge; staff give or take away staff, never their own. */
export function UsersTab({ search, page, onPage }: { search: string; page: number; onPage(page: number): void }) {
  const users = useUsers({ page, search });
  const setStaff = useSetStaff();
  const me = useAuthStore((s) => s.profile?.username);

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.isError) return <ErrorState message={users.error.message || 'Failed to fetch users'} />;
  if (users.data.data.length === 0)
    return <p className="py-10 text-center text-gray-700 dark:text-gray-300">No users found</p>;

  return (
    <>
      <PagedTable
        caption="Users"
        meta={users.data.meta}
        onPage={onPage}
        label="Users"
        head={<HeadingCells labels={['Username', 'Email', 'Name', 'Joined', 'Role']} actions />}
      >
        {users.data.data.map((user) => {
          const self = user.username === me;
          return (
            <tr key={user.id}>
              <td className={cellClass}>{user.username}</td>
              <td className={cellClass}>{user.email}</td>
              <td className={cellClass}>{`${user.firstName} ${user.lastName}`.trim() || '—'}</td>
              <td className={cellClass}>{formatDate(user.date_joined, 'numeric')}</td>
              <td className={cellClass}>{user.is_staff ? <Badge>Staff</Badge> : 'Customer'}</td>
              <td className={cellClass}>
                {self ? (
                  <span className="text-xs text-gray-700 dark:text-gray-300">You</span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={setStaff.isPending}
                    onClick={() =>
                      setStaff.mutate(
                        { id: user.id, isStaff: !user.is_staff },
                        {
                          onSuccess: (changed) =>
                            toast.success(
                              changed.is_staff
                                ? `${changed.username} is now staff`
                                : `${changed.username} is no longer staff`,
                            ),
                          onError: (err) => toast.error(err.message),
                        },
                      )
                    }
                  >
                    {user.is_staff ? `Remove staff from ${user.username}` : `Make ${user.username} staff`}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </PagedTable>
    </>
  );
}
