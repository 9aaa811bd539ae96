import type { UserSummary } from '@bookstore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth';
import { jsonReply, renderWithApp } from '../../../test/render';
import { UsersTab } from './UsersTab';

const account = (values: Partial<UserSummary>): UserSummary => ({
  id: 1,
  username: 'reader',
  email: 'reader@example.com',
  firstName: '',
  lastName: '',
  is_staff: false,
  date_joined: '2026-11-01T10:00:00.000Z',
  disabled: false,
  ...values,
});

/** The accounts the server holds, and every change the tab sends it. */
function fakeServer(start: UserSummary[], answer?: (url: string, body: unknown) => Response | undefined) {
  let list = start;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET')
      return jsonReply({ data: list, meta: { page: 1, pageSize: 10, count: list.length, pages: 1, next: null } });
    calls.push({ method, url, body });
    const special = answer?.(url, body);
    if (special) return special;
    const id = Number(/users\/(\d+)\//.exec(url)?.[1]);
    list = list.map((u) => (u.id === id ? { ...u, ...(body as object) } : u));
    return jsonReply(list.find((u) => u.id === id));
  });
  return calls;
}

const rowOf = async (username: string) =>
  (await screen.findByRole('cell', { name: username })).closest('tr') as HTMLElement;

describe("the Customers section's accounts", () => {
  beforeAll(() => {
    useAuthStore.setState({
      isAuth: true,
      isAdmin: true,
      profile: { username: 'boss', profile_picture: null, is_staff: true },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const show = () =>
    renderWithApp(
      <>
        <UsersTab search="" page={1} onPage={() => {}} />
        <Toaster />
      </>,
    );

  it('offers Disable for customers, Enable for disabled ones, and neither for staff nor oneself', async () => {
    fakeServer([
      account({ id: 1, username: 'boss', is_staff: true }),
      account({ id: 2, username: 'helper', is_staff: true }),
      account({ id: 3, username: 'reader' }),
      account({ id: 4, username: 'gone', disabled: true }),
    ]);
    show();
    const gone = await rowOf('gone');
    expect(within(gone).getByText('Disabled')).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Enable gone' })).toBeInTheDocument();
    const reader = await rowOf('reader');
    expect(within(reader).queryByText('Disabled')).not.toBeInTheDocument();
    expect(within(reader).getByRole('button', { name: 'Disable reader' })).toBeInTheDocument();
    for (const name of ['boss', 'helper']) {
      const row = await rowOf(name);
      expect(within(row).queryByRole('button', { name: /^(Disable|Enable)/ })).not.toBeInTheDocument();
    }
  });

  it('asks before disabling; Cancel sends nothing; Disable and Enable change the row and say so', async () => {
    const calls = fakeServer([account({ id: 3, username: 'reader' })]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    expect(dialog).toHaveTextContent(
      'Disable reader? They cannot sign in until you enable the account again; their orders stay.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable reader' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('reader can no longer sign in')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', url: expect.stringMatching(/\/api\/users\/3\/disabled\/$/), body: { disabled: true } },
    ]);
    expect(within(await rowOf('reader')).getByText('Disabled')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Enable reader' }));
    expect(await screen.findByText('reader can sign in again')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ disabled: false });
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Disabled')).not.toBeInTheDocument());
  });

  it("shows the server's refusal as a toast", async () => {
    const refusal = 'Take away staff access before disabling this account';
    fakeServer([account({ id: 3, username: 'reader' })], () => jsonReply({ error: refusal }, 409));
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable reader' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
