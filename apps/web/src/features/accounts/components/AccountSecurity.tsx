import { accountMessages, emailSchema, passwordHasIdentity, type Profile, passwordSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '../../../components/ui/Badge';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { fieldsOf, TextField } from '../../../components/ui/Field';
import { changeEmail, changePassword, problemOf, resendVerification } from '../api/recovery';

const current = z.string().min(1, 'Current password is required');
/** The new password's rules the browser can check (the server also refuses the most common ones). */
const passwordFormOf = (profile: Pick<Profile, 'username' | 'email'>) =>
  z
    .object({
      current_password: current,
      password: passwordSchema,
      password2: z.string().min(1, 'Please confirm your password'),
    })
    .refine((d) => d.password === d.password2, { message: accountMessages.passwordMismatch, path: ['password2'] })
    .refine((d) => !passwordHasIdentity(d.password, profile), {
      message: accountMessages.passwordHasIdentity,
      path: ['password'],
    });
type PasswordFormValues = z.infer<ReturnType<typeof passwordFormOf>>;
const emailForm = z.object({ email: emailSchema, current_password: current });

function Outcome({ ok, problem }: { ok: string | null; problem: string | null }) {
  if (problem)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {problem}
      </p>
    );
  return ok ? (
    <p role="status" className="text-sm text-green-800 dark:text-green-300">
      {ok}
    </p>
  ) : null;
}

function PasswordForm({ profile }: { profile: Profile }) {
  const [ok, setOk] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormOf(profile)),
    defaultValues: { current_password: '', password: '', password2: '' },
  });
  const field = fieldsOf(form.register, form.formState.errors);
  const onSubmit = form.handleSubmit(async (values) => {
    setOk(null);
    setProblem(null);
    try {
      setOk((await changePassword(values)).message);
      form.reset();
    } catch (err) {
      setProblem(problemOf(err));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="change-password">
      <h3 id="change-password" className="font-semibold">
        Change password
      </h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('password2')} />
      <Outcome ok={ok} problem={problem} />
      <SubmitButton busy={form.formState.isSubmitting} busyText="Saving...">
        Change password
      </SubmitButton>
    </form>
  );
}

function EmailForm() {
  const [ok, setOk] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.infer<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: '', current_password: '' },
  });
  const field = fieldsOf(form.register, form.formState.errors);
  const onSubmit = form.handleSubmit(async (values) => {
    setOk(null);
    setProblem(null);
    try {
      setOk((await changeEmail(values)).message);
      form.reset();
    } catch (err) {
      setProblem(problemOf(err));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="change-email">
      <h3 id="change-email" className="font-semibold">
        Change e-mail address
      </h3>
      <TextField label="New e-mail address" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <Outcome ok={ok} problem={problem} />
      <SubmitButton busy={form.formState.isSubmitting} busyText="Sending...">
        Send confirmation link
      </SubmitButton>
    </form>
  );
}

/** The profile's sign-in and address controls: the address's badge and "Resend", password and e-mail changes. */
export function AccountSecurity({ profile }: { profile: Profile }) {
  const [ok, setOk] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    setOk(null);
    setProblem(null);
    try {
      setOk((await resendVerification()).message);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="mt-6 rounded-lg border border-gray-200 p-6 dark:border-gray-800"
      aria-labelledby="account-security"
    >
      <h2 id="account-security" className="text-lg font-semibold">
        Sign-in and security
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className="break-all">E-mail address: {profile.email}</span>
        {profile.email_verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
        {!profile.email_verified && (
          <Button variant="secondary" size="sm" onClick={resend} disabled={busy}>
            {busy ? 'Sending...' : 'Resend'}
          </Button>
        )}
      </div>
      <div className="mt-2">
        <Outcome ok={ok} problem={problem} />
      </div>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <PasswordForm profile={profile} />
        <EmailForm />
      </div>
    </section>
  );
}
