import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';
import { UserMenu } from './components/UserMenu';
import LoginPage from './pages/LoginPage';
import ProfilePage from './pages/ProfilePage';
import RegisterPage from './pages/RegisterPage';

beforeAll(() => {
  // The menu's anchoring watches its button's size; jsdom has no layout to watch.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderAt(
  path: string,
  element: ReactElement,
  state?: unknown,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const token = (minutes = 15, staff = false) =>
  `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + minutes * 60, is_staff: staff }))}.y`;
const profile = {
  id: 7,
  username: 'ada',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: '',
  profilePicture: null,
  profile_picture: null,
  date_joined: '2024-03-01T10:00:00.000Z',
  is_staff: false,
};

describe('LoginPage', { timeout: 20_000 }, () => {
  it('shows the redirect message and the required-field rules', async () => {
    renderAt('/login', <LoginPage />, { message: 'Please login to view your profile' });
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByText('Please login to view your profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('signs in, keeps both tokens and the profile, and goes to the remembered page', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/orders');
    const access = token();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/login/' ? json(200, { access, refresh: 'r' }) : json(200, profile))),
    );
    renderAt('/login', <LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ access, refresh: 'r', isAuth: true, profile: { username: 'ada' } });
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('says "Invalid response from server" when a token is missing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { access: token() })),
    );
    renderAt('/login', <LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findAllByText('Invalid response from server')).length).toBeGreaterThan(0);
    expect(useAuthStore.getState().isAuth).toBe(false);
  });

  it("shows server field errors in the shop's voice, without the field's name", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { error: 'password: Too short, Too plain', fields: { password: ['Too short', 'Too plain'] } }),
      ),
    );
    renderAt('/login', <LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findAllByText('Too short')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Too plain').length).toBeGreaterThan(0);
    expect(screen.queryByText(/password:/)).toBeNull();
  });

  it('falls back to "An error occurred during login" when the server is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAt('/login', <LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findAllByText('An error occurred during login')).length).toBeGreaterThan(0);
  });
});

describe('RegisterPage', { timeout: 20_000 }, () => {
  it('checks every field with the shared rules', async () => {
    renderAt('/register', <RegisterPage />);
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    await userEvent.type(screen.getByLabelText('First Name'), 'A');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Minimum 6 characters')).toBeInTheDocument();
  });

  it('refuses a password holding the username or the e-mail name before asking the server', async () => {
    const fetch = vi.fn(async () => json(201, profile));
    vi.stubGlobal('fetch', fetch);
    renderAt('/register', <RegisterPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'lovelace@example.test');
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'my-LOVELACE-notes');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'my-LOVELACE-notes');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Your password must not contain your username or e-mail')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a picture over 5MB or of the wrong type, and previews a good one', async () => {
    renderAt('/register', <RegisterPage />);
    const input = screen.getByLabelText('Profile picture (optional)');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(screen.getByText('File size should not exceed 5MB')).toBeInTheDocument();
    await userEvent.upload(input, new File(['hi'], 'a.bmp', { type: 'image/bmp' }), { applyAccept: false });
    expect(screen.getByText('Please upload a valid image file (JPEG, PNG, or GIF)')).toBeInTheDocument();
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.getByAltText('Preview of your profile picture')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('registers, then signs in with the email; if that fails, sends the shopper to /login', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return url === '/api/register/'
          ? json(201, profile)
          : json(401, { error: 'Invalid email/username or password' });
      }),
    );
    renderAt('/register', <RegisterPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'engine-notes');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'engine-notes');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration successful! Logging you in...')).toBeInTheDocument();
    expect(await screen.findByText('Registration successful! Please login.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls).toEqual(['/api/register/', '/api/login/']);
  });

  it("shows a taken email from the server on its field and as a toast, in the shop's voice", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(409, { error: 'email: taken', fields: { email: ['An account with this email already exists'] } }),
      ),
    );
    renderAt('/register', <RegisterPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'engine-notes');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'engine-notes');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // Under the field and in the toast: the message alone, never 'email: ...'.
    await waitFor(() => expect(screen.getAllByText('An account with this email already exists')).toHaveLength(2));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
    expect(screen.queryByText(/^email:/)).toBeNull();
  });

  it('sends signed-in shoppers to /', () => {
    useAuthStore.getState().setToken(token(), 'r');
    renderAt('/register', <RegisterPage />);
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});

describe('UserMenu', { timeout: 20_000 }, () => {
  it('offers Sign In to guests', () => {
    renderAt('/', <UserMenu />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('opens Your Profile, Wishlist with its count, and Sign out for the signed in', async () => {
    useAuthStore.getState().setToken(token(), 'r');
    useAuthStore.getState().setProfile({ username: 'ada', profile_picture: '/media/profiles/a.png', is_staff: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    renderAt('/', <UserMenu wishlistCount={2} />);
    const button = screen.getByRole('button', { name: 'Open user menu' });
    expect(button.querySelector('img')).toHaveAttribute('src', '/media/profiles/a.png');
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: /Wishlist/ })).toHaveTextContent('2');
    expect(screen.getByRole('menuitem', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
    // Shoppers see no staff links.
    expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Add book' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(false));
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('UserMenu for staff', { timeout: 20_000 }, () => {
  it('adds the Dashboard and Add book', async () => {
    useAuthStore.getState().setToken(token(15, true), 'r');
    useAuthStore.getState().setProfile({ username: 'boss', profile_picture: null, is_staff: true });
    renderAt('/', <UserMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('menuitem', { name: 'Add book' })).toHaveAttribute('href', '/add-book');
    expect(screen.getByRole('menuitem', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
  });
});

describe('ProfilePage', { timeout: 20_000 }, () => {
  it('shows every card, with the spec’s fallbacks', async () => {
    useAuthStore.getState().setToken(token(), 'r');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...profile, firstName: '', lastName: '' })),
    );
    renderAt('/profile', <ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'No name set', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('No bio available')).toBeInTheDocument();
    expect(screen.getByText(new Date('2024-03-01T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(screen.getByText('No recent activity')).toBeInTheDocument();
    expect(screen.getByText('No preferences set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change profile picture' }).querySelector('img')).toHaveAttribute(
      'src',
      '/avatar.png',
    );
    expect(screen.getByRole('link', { name: 'View Activity' })).toHaveAttribute('href', '/activity');
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
  });

  it('shows the error state when the profile cannot load', async () => {
    useAuthStore.getState().setToken(token(), 'r');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'boom' })),
    );
    renderAt('/profile', <ProfilePage />);
    expect(await screen.findByText('Error loading profile', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('lets staff turn the paid-order e-mail off and on, saying so', async () => {
    useAuthStore.getState().setToken(token(), 'r');
    let paid = true;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/profile/notifications/') {
          const body = JSON.parse(String(init.body)) as { paid_orders: boolean };
          sent.push(body);
          paid = body.paid_orders;
          return json(200, { paid_orders: paid });
        }
        return json(200, { ...profile, is_staff: true, staff_notifications: { paid_orders: paid } });
      }),
    );
    renderAt('/profile', <ProfilePage />);
    const box = await screen.findByRole('checkbox', { name: 'E-mail me when an order is paid' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('No more paid-order e-mails')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'E-mail me when an order is paid' })).not.toBeChecked(),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'E-mail me when an order is paid' }));
    expect(await screen.findByText('You will get an e-mail for each paid order')).toBeInTheDocument();
    expect(sent).toEqual([{ paid_orders: false }, { paid_orders: true }]);
    expect(screen.queryByText('No preferences set')).not.toBeInTheDocument();
  });

  it('sends guests to /login, remembering the page', () => {
    renderAt('/profile', <ProfilePage />);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/profile');
  });

  it('edits the profile, sending only non-empty fields, then says so', async () => {
    useAuthStore.getState().setToken(token(), 'r');
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/profile/update/') {
          sent.push(init.body as FormData);
          return json(200, { ...profile, firstName: 'Augusta', first_name: 'Augusta' });
        }
        return json(200, sent.length ? { ...profile, firstName: 'Augusta' } : profile);
      }),
    );
    renderAt('/profile', <ProfilePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const first = screen.getByLabelText('First Name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('rows', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.test',
    });
    expect(await screen.findByRole('heading', { name: 'Augusta Lovelace', level: 1 })).toBeInTheDocument();
    expect(useAuthStore.getState().profile?.firstName).toBe('Augusta');
  });
});
