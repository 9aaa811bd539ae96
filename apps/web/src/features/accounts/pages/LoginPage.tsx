import { type LoginInput, loginSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '../../../lib/toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SwitchLink } from '../components/SwitchLink';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { destinationIn, takeDestination, useAuthStore, withDestination } from '../../../stores/auth';
import { fieldErrorLines, InvalidLoginResponse, signIn } from '../api/session';
import { fieldsOf, TextField, FormProblem } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/Button';

/** docs/product.md, "Screens", Login: 'Welcome Back!', identifier and password, the redirect message, link to register. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Decided once: signing in here must not bounce the user to / before they reach their destination.
  const [signedInAlready] = useState(() => useAuthStore.getState().isAuth);
  const [problem, setProblem] = useState<string | null>(null);
  const message = (location.state as { message?: unknown } | null)?.message;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { emailOrUsername: '', password: '' } });
  const field = fieldsOf(register, errors);

  const onSubmit = async (input: LoginInput) => {
    setProblem(null);
    try {
      await signIn(input);
      toast.success('Successfully logged in!');
      navigate(takeDestination(location.search), { replace: true });
    } catch (err) {
      const lines = fieldErrorLines(err);
      if (lines.length > 0) lines.forEach((line) => toast.error(line));
      const text =
        err instanceof InvalidLoginResponse
          ? 'Invalid response from server'
          : err instanceof ApiError && err.body?.error
            ? err.message
            : 'An error occurred during login';
      if (lines.length === 0) toast.error(text);
      setProblem(lines.length > 0 ? lines.join('. ') : text);
    }
  };

  if (signedInAlready) return <Navigate to={destinationIn(location.search) ?? paths.home} replace />;

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold">Welcome Back!</h1>
      <p className="mt-2 text-center text-gray-700 dark:text-gray-300">Sign in to your account</p>
      {typeof message === 'string' && message && (
        <p
          role="status"
          className="mt-6 rounded-md bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
        >
          {message}
        </p>
      )}
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="mt-8 space-y-5 rounded-lg border border-gray-200 p-6 shadow-sm dark:border-gray-800"
      >
        <TextField label="Email or username" autoComplete="username" autoFocus {...field('emailOrUsername')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <SwitchLink to={paths.forgotPassword} className="-mt-3 text-right text-sm">
          Forgot password?
        </SwitchLink>
        <FormProblem problem={problem} />
        <SubmitButton busy={isSubmitting} busyText="Signing in..." className="w-full">
          Sign In
        </SubmitButton>
      </form>
      <SwitchLink
        question="Don't have an account?"
        to={withDestination(paths.register, destinationIn(location.search))}
      >
        Create one
      </SwitchLink>
    </section>
  );
}
