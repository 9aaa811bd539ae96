import { type RegisterData, type RegisterInput, registerSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import toast from '../../../lib/toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SwitchLink } from '../components/SwitchLink';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { destinationIn, takeDestination, useAuthStore, withDestination } from '../../../stores/auth';
import { register as registerAccount } from '../api/register';
import { fieldErrorLines, signIn } from '../api/session';
import { fieldsOf, TextAreaField, TextField } from '../../../components/ui/Field';
import { PicturePicker, usePicture } from '../components/picture';
import { SubmitButton } from '../../../components/ui/Button';
import { DEFAULT_AVATAR } from '../api/profile';

const FIELDS = ['email', 'username', 'firstName', 'lastName', 'bio', 'password', 'password2'] as const;

/** docs/product.md, "Screens", Register: every field with its rule, picture preview, then automatic sign-in. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the shopper came from (`?next=`, e.g. the cart), carried to the sign-in page and back.
  const next = destinationIn(location.search);
  const [signedInAlready] = useState(() => useAuthStore.getState().isAuth);
  const [busy, setBusy] = useState(false);
  const picture = usePicture();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', username: '', firstName: '', lastName: '', bio: '', password: '', password2: '' },
  });
  const field = fieldsOf(register, errors);

  const onSubmit = async (input: RegisterData) => {
    if (picture.error) return;
    setBusy(true);
    try {
      await registerAccount(input, picture.file);
    } catch (err) {
      const lines = fieldErrorLines(err);
      if (err instanceof ApiError && err.fields) {
        for (const [field, messages] of Object.entries(err.fields)) {
          if ((FIELDS as readonly string[]).includes(field)) {
            setError(field as Path<RegisterInput>, { message: messages.join(', ') });
          } else if (field === 'profilePicture') picture.setError(messages.join(', '));
        }
      }
      if (lines.length > 0) lines.forEach((line) => toast.error(line));
      else
        toast.error(err instanceof ApiError && err.body?.error ? err.message : 'An error occurred during registration');
      setBusy(false);
      return;
    }

    toast.success('Registration successful! Logging you in...');
    try {
      await signIn({ emailOrUsername: input.email, password: input.password });
      toast.success('Successfully logged in!');
      navigate(takeDestination(location.search), { replace: true });
    } catch {
      toast.success('Registration successful! Please login.');
      navigate(withDestination(paths.login, next), { replace: true });
    }
  };

  if (signedInAlready) return <Navigate to={next ?? paths.home} replace />;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold">Create Your Account</h1>
      <SwitchLink
        question="Already have an account?"
        to={withDestination(paths.login, next)}
        className="mt-2 text-center"
      >
        Sign in
      </SwitchLink>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="mt-8 grid gap-5 rounded-lg border border-gray-200 p-6 shadow-sm sm:grid-cols-2 dark:border-gray-800"
      >
        <PicturePicker
          picture={picture}
          current={DEFAULT_AVATAR}
          alt={picture.preview ? 'Preview of your profile picture' : ''}
          size="lg"
          label="Profile picture (optional)"
          hint={<p className="mt-1 text-xs text-gray-600 dark:text-gray-400">JPEG, PNG or GIF, up to 5MB</p>}
          className="sm:col-span-2"
        />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        <TextAreaField label="Bio (optional)" rows={3} className="sm:col-span-2" {...field('bio')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('password2')} />
        <SubmitButton busy={busy} busyText="Creating account..." className="sm:col-span-2">
          Create Account
        </SubmitButton>
      </form>
    </section>
  );
}
