import { accountMessages, type Profile, type ProfileUpdateInput, profileUpdateSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import toast from '../../../lib/toast';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { fieldsOf, TextAreaField, TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { pictureUrl, useUpdateProfile } from '../api/profile';
import { PicturePicker, usePicture } from './picture';

const FIELDS = ['firstName', 'lastName', 'email', 'bio'] as const;
type ProfileFormValues = Record<(typeof FIELDS)[number], string>;

/** A blank field is not sent and keeps its value, as the server reads it; the rest meet `profileUpdateSchema`. */
const checkProfile = zodResolver(profileUpdateSchema);
const resolver: Resolver<ProfileFormValues, unknown, ProfileUpdateInput> = (values, context, options) =>
  checkProfile(
    Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')),
    context,
    options as never,
  ) as ReturnType<Resolver<ProfileFormValues, unknown, ProfileUpdateInput>>;

/** The first problem, worded as the server words it ('firstName: First name must be at least 2 characters'). */
function firstProblem(errors: FieldErrors<ProfileFormValues>): string | null {
  const field = FIELDS.find((name) => errors[name]?.message);
  return field ? `${field}: ${errors[field]?.message}` : null;
}

/** docs/product.md, "Screens", Edit Profile dialog: picture with preview, names, email, bio; 'Saving...' while busy. */
export function EditProfileDialog({ profile, open, onClose }: { profile: Profile; open: boolean; onClose(): void }) {
  const update = useUpdateProfile();
  const picture = usePicture(accountMessages.profilePictureTooLarge, (problem) => toast.error(problem));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, ProfileUpdateInput>({
    resolver,
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, bio: profile.bio },
  });
  const field = fieldsOf(register, errors);

  const onSubmit = (changes: ProfileUpdateInput) =>
    update.mutate(
      { ...changes, picture: picture.file },
      {
        onSuccess: () => {
          toast.success('Profile updated successfully');
          onClose();
        },
        onError: (err) => {
          toast.error(err instanceof ApiError && err.body?.error ? err.message : 'Failed to update profile');
        },
      },
    );

  const onInvalid = (problems: FieldErrors<ProfileFormValues>) => {
    const problem = firstProblem(problems);
    if (problem) toast.error(problem);
  };

  return (
    <Dialog open={open} title="Edit Profile" busy={update.isPending} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="mt-5 space-y-4">
        <PicturePicker
          picture={picture}
          current={pictureUrl(profile.profilePicture)}
          alt={picture.preview ? 'Preview of your new profile picture' : 'Your profile picture'}
          size="md"
          label="Profile Picture"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          readOnly
          hint={
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              To change it, use “Change e-mail address” under Sign-in and security: it asks for your password and
              confirms the new address.
            </p>
          }
          {...field('email')}
        />
        <TextAreaField label="Bio" rows={4} {...field('bio')} />
        <SaveActions busy={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
