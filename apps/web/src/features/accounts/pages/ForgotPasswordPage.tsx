import { passwordResetRequestSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SwitchLink } from '../components/SwitchLink';
import { SubmitButton } from '../../../components/ui/Button';
import { fieldsOf, TextField, FormProblem } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { problemOf, requestReset } from '../api/recovery';

/** "Forgot password?": one address in, the same answer out whether an account has it or not. */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const field = fieldsOf(register, errors);

  const onSubmit = async ({ email }: { email: string }) => {
    setProblem(null);
    try {
      setSent((await requestReset(email)).message);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold">Forgot your password?</h1>
      {sent ? (
        <div className="mt-8 space-y-4 rounded-lg border border-gray-200 p-6 dark:border-gray-800">
          <p role="status" className="text-gray-800 dark:text-gray-200">
            {sent}
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            No e-mail? Check your spam folder, or ask again in a few minutes.
          </p>
          <Link to={paths.login} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-center text-gray-700 dark:text-gray-300">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <form
            onSubmit={handleSubmit(onSubmit)}
            noValidate
            className="mt-8 space-y-5 rounded-lg border border-gray-200 p-6 shadow-sm dark:border-gray-800"
          >
            <TextField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
            <FormProblem problem={problem} />
            <SubmitButton busy={isSubmitting} busyText="Sending..." className="w-full">
              Send reset link
            </SubmitButton>
          </form>
          <SwitchLink question="Remembered it?" to={paths.login}>
            Sign in
          </SwitchLink>
        </>
      )}
    </section>
  );
}
