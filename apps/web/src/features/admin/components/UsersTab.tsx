import toast from 'react-hot-toast';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useAuthStore } from '../../../stores/auth';
import { useSetStaff, useUsers } from '../api/dashboard';
import { cellClass, Pager, tableClass } from './Pager';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';

/** Users tab: 10 a page, with a staff badge; staff give or take away staff, never their own. */
export function UsersTab({ search, page, onPage }: { search: string; page: number; onPage(page: number): void }) {
  const users = useUsers({ page, search });
  const setStaff = useSetStaff();
  const me = useAuthStore((s) => s.profile?.username);

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.isError) return <ErrorState message={users.error.message || 'Failed to fetch users'} />;
  if (users.data.data.length === 0) return <p className="py-10 text-center text-gray-700 dark:text-gray-300">No users found</p>;

  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
        <table className={tableClass}>
          <caption className="sr-only">Users</caption>
          <thead className="bg-gray-50 dark:bg-gray-900">
            <tr>
              {['Username', 'Email', 'Name', 'Joined', 'Role'].map((label) => (
                <th key={label} scope="col" className={`${cellClass} font-semibold`}>
                  {label}
                </th>
              ))}
              <th scope="col" className={cellClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
            {users.data.data.map((user) => {
              const self = user.username === me;
              return (
                <tr key={user.id}>
                  <td className={cellClass}>{user.username}</td>
                  <td className={cellClass}>{user.email}</td>
                  <td className={cellClass}>{`${user.firstName} ${user.lastName}`.trim() || '—'}</td>
                  <td className={cellClass}>{new Date(user.date_joined).toLocaleDateString()}</td>
                  <td className={cellClass}>
                    {user.is_staff ? (
                      <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200">
                        Staff
                      </span>
                    ) : (
                      'Customer'
                    )}
                  </td>
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
                                toast.success(changed.is_staff ? `${changed.username} is now staff` : `${changed.username} is no longer staff`),
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
          </tbody>
        </table>
      </div>
      <Pager meta={users.data.meta} onPage={onPage} label="Users" />
    </>
  );
}
