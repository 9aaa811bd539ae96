import { passwordSchema, accountMessages, tokenMessages } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../../components/ui/Button';
import { fieldsOf, TextField, FormProblem } from '../../../components/ui/Field';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { checkResetLink, confirmReset, problemOf } from '../api/recovery';

const formSchema = z
  .object({ password: passwordSchema, password2: z.string().min(1, 'Please confirm your password') })
  .refine((d) => d.password === d.password2, { message: accountMessages.passwordMismatch, path: ['password2'] });
type Form = z.infer<typeof formSchema>;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold">Choose a new password</h1>
      <div className="mt-8 space-y-4 rounded-lg border border-gray-200 p-6 shadow-sm dark:border-gray-800">
        {children}
      </div>
    </section>
  );
}

/** The link of a reset e-mail: says at once if it has expired or was used, else asks for the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const state = useQuery({
    queryKey: ['reset-link', token],
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    queryFn: () => checkResetLink(token),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { password: '', password2: '' } });
  const field = fieldsOf(register, errors);

  if (done) {
    return (
      <Frame>
        <p role="status">{done}</p>
        <Link to={paths.login} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Sign in
        </Link>
      </Frame>
    );
  }
  if (token && state.isPending) return <PageLoading />;
  const unusable = !token
    ? tokenMessages.invalid
    : state.isError
      ? problemOf(state.error)
      : state.data?.state !== 'valid'
        ? state.data?.message
        : null;
  if (unusable) {
    return (
      <Frame>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {unusable}
        </p>
        <Link to="/forgot-password" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Ask for a new link
        </Link>
      </Frame>
    );
  }

  const onSubmit = async ({ password, password2 }: Form) => {
    setProblem(null);
    try {
      setDone((await confirmReset(token, password, password2)).message);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  return (
    <Frame>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
        <TextField label="New password" type="password" autoComplete="new-password" autoFocus {...field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('password2')} />
        <FormProblem problem={problem} />
        <SubmitButton busy={isSubmitting} busyText="Saving..." className="w-full">
          Set new password
        </SubmitButton>
      </form>
    </Frame>
  );
}
