import toast from '../../../lib/toast';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useAuthStore } from '../../../stores/auth';
import type { UserSummary } from '@bookstore/contract';
import { useState } from 'react';
import { useSetDisabled, useSetStaff, useUsers } from '../api/users';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { Badge } from '../../../components/ui/Badge';
import { formatDate } from '../../../lib/dates';

/**
 * Users tab: 10 a page, with a staff badge; staff give or take away staff, never their own. Customers'
 * accounts can be disabled (asked first) and enabled again; never a staff account nor one's own.
 */
export function UsersTab({ search, page, onPage }: { search: string; page: number; onPage(page: number): void }) {
  const users = useUsers({ page, search });
  const setStaff = useSetStaff();
  const setDisabled = useSetDisabled();
  const [disabling, setDisabling] = useState<UserSummary | null>(null);
  const me = useAuthStore((s) => s.profile?.username);

  const changeAccess = (user: UserSummary, disabled: boolean) =>
    setDisabled.mutate(
      { id: user.id, disabled },
      {
        onSuccess: (changed) => {
          setDisabling(null);
          toast.success(
            changed.disabled ? `${changed.username} can no longer sign in` : `${changed.username} can sign in again`,
          );
        },
        onError: (err) => {
          setDisabling(null);
          toast.error(err.message);
        },
      },
    );

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
              <td className={cellClass}>
                <span className="flex flex-wrap items-center gap-2">
                  {user.is_staff ? <Badge>Staff</Badge> : 'Customer'}
                  {user.disabled && <Badge tone="red">Disabled</Badge>}
                </span>
              </td>
              <td className={cellClass}>
                {self ? (
                  <span className="text-xs text-gray-700 dark:text-gray-300">You</span>
                ) : (
                  <div className="flex flex-wrap gap-2">
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
                    {!user.is_staff &&
                      (user.disabled ? (
                        <Button
                          variant="secondary"
                          disabled={setDisabled.isPending}
                          onClick={() => changeAccess(user, false)}
                          aria-label={`Enable ${user.username}`}
                        >
                          Enable
                        </Button>
                      ) : (
                        <Button
                          variant="danger"
                          disabled={setDisabled.isPending}
                          onClick={() => setDisabling(user)}
                          aria-label={`Disable ${user.username}`}
                        >
                          Disable
                        </Button>
                      ))}
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </PagedTable>
      <ConfirmDialog
        open={disabling !== null}
        title="Disable this account?"
        confirmLabel="Disable"
        busy={setDisabled.isPending}
        busyLabel="Disabling..."
        onConfirm={() => disabling && changeAccess(disabling, true)}
        onClose={() => setDisabling(null)}
      >
        {disabling &&
          `Disable ${disabling.username}? They cannot sign in until you enable the account again; their orders stay.`}
      </ConfirmDialog>
    </>
  );
}
