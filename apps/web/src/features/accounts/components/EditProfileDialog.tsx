import { accountMessages, PICTURE_MAX_BYTES, type Profile } from '@bookstore/contract';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client';
import { pictureUrl, useUpdateProfile } from '../api/profile';
import { primaryButton, secondaryButton, TextAreaField, TextField } from '../../../components/ui/Field';

/** Spec section 2, Edit Profile dialog: picture with preview, names, email, bio; 'Saving...' while busy. */
export function EditProfileDialog({ profile, open, onClose }: { profile: Profile; open: boolean; onClose(): void }) {
  const update = useUpdateProfile();
  const pictureId = useId();
  const [values, setValues] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    bio: profile.bio,
  });
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const set = (key: keyof typeof values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const onPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    let problem: string | null = null;
    if (!file.type.startsWith('image/')) problem = accountMessages.pictureWrongType;
    else if (file.size > PICTURE_MAX_BYTES) problem = accountMessages.profilePictureTooLarge;
    setPictureError(problem);
    if (problem) {
      toast.error(problem);
      event.target.value = '';
      return;
    }
    setPicture(file);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { ...values, picture },
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
  };

  return (
    <Dialog open={open} onClose={() => !update.isPending && onClose()} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="flex min-h-full items-center justify-center p-4">
        <DialogPanel className="relative w-full max-w-lg rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900">
          <DialogTitle className="text-xl font-semibold">Edit Profile</DialogTitle>
          <form onSubmit={onSubmit} className="mt-5 space-y-4">
            <div className="flex items-center gap-4">
              <img
                src={preview ?? pictureUrl(profile.profilePicture)}
                alt={preview ? 'Preview of your new profile picture' : 'Your profile picture'}
                width={72}
                height={72}
                className="h-18 w-18 rounded-full border border-gray-200 object-cover dark:border-gray-700"
                onError={(e) => {
                  e.currentTarget.src = '/avatar.png';
                }}
              />
              <div>
                <label htmlFor={pictureId} className="mb-1 block text-sm font-medium">
                  Profile Picture
                </label>
                <input
                  id={pictureId}
                  type="file"
                  accept="image/*"
                  onChange={onPicture}
                  aria-invalid={pictureError ? true : undefined}
                  aria-describedby={pictureError ? `${pictureId}-error` : undefined}
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-semibold file:text-indigo-800 dark:file:bg-indigo-950 dark:file:text-indigo-200"
                />
                {pictureError && (
                  <p id={`${pictureId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {pictureError}
                  </p>
                )}
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First Name" value={values.firstName} onChange={set('firstName')} autoComplete="given-name" />
              <TextField label="Last Name" value={values.lastName} onChange={set('lastName')} autoComplete="family-name" />
            </div>
            <TextField label="Email" type="email" value={values.email} onChange={set('email')} autoComplete="email" />
            <TextAreaField label="Bio" rows={4} value={values.bio} onChange={set('bio')} />
            <div className="flex justify-end gap-3 pt-2">
              <button type="button" className={secondaryButton} onClick={onClose} disabled={update.isPending}>
                Cancel
              </button>
              <button type="submit" className={primaryButton} disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
