import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth';

export const REDIRECT_AFTER_LOGIN = 'redirectAfterLogin';

/** Remembers where to come back to (docs/product.md, "Behaviour", redirect-after-login) and goes to /login. */
export function rememberAndGoToLogin(
  navigate: (to: string, options?: { replace?: boolean }) => void,
  back: string,
  replace = false,
) {
  sessionStorage.setItem(REDIRECT_AFTER_LOGIN, back);
  navigate(paths.login, { replace });
}

/** For the order screens: guests are sent to /login and brought back here after signing in. */
export function useRequireSignIn(): boolean {
  const isAuth = useAuthStore((s) => s.isAuth);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!isAuth) rememberAndGoToLogin(navigate, `${location.pathname}${location.search}`, true);
  }, [isAuth, navigate, location.pathname, location.search]);
  return isAuth;
}
