import { contactRequestSchema, type ContactRequest } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { usePageTitle } from '../../../lib/hooks';
import { useSendContactMessage } from '../api/contact';
import { MapIllustration } from '../components/MapIllustration';
import { Button } from '../../../components/ui/Button';

const SUCCESS = 'Message sent successfully! We will get back to you soon.';
const FAILURE = 'Failed to send message. Please try again later.';

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** One way to reach the shop: its icon, what it is, and the details. */
function ContactItem({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 shrink-0 text-indigo-700 dark:text-indigo-300" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </li>
  );
}

export default function ContactPage() {
  usePageTitle('Contact');
  const send = useSendContactMessage();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await send.mutateAsync(values);
      setOutcome('sent');
      // Name and email stay for a follow-up message.
      resetField('subject');
      resetField('message');
    } catch {
      setOutcome('failed');
    }
  });

  const described = (name: keyof ContactRequest) => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Get in Touch</h1>
      <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">
        Questions about an order, a book or a return? We are happy to help.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <div className="space-y-8">
          <ul className="space-y-5">
            <ContactItem icon={PhoneIcon} title="Phone">
              <a href="tel:+12125550147" className="text-gray-700 hover:underline dark:text-gray-300">
                +1 (212) 555-0147
              </a>
            </ContactItem>
            <ContactItem icon={MailIcon} title="Email">
              <a href="mailto:support@bookstore.example" className="text-gray-700 hover:underline dark:text-gray-300">
                support@bookstore.example
              </a>
            </ContactItem>
            <ContactItem icon={PinIcon} title="Address">
              <address className="text-gray-700 not-italic dark:text-gray-300">
                350 Fifth Avenue, New York, NY 10118
              </address>
            </ContactItem>
            <ContactItem icon={ClockIcon} title="Hours">
              <p className="text-gray-700 dark:text-gray-300">Mon-Fri 9:00 AM-6:00 PM</p>
              <p className="text-gray-700 dark:text-gray-300">Sat 10:00 AM-4:00 PM</p>
              <p className="text-gray-700 dark:text-gray-300">Sun closed</p>
            </ContactItem>
          </ul>
          <section>
            <h2 className="mb-3 text-xl font-semibold">Find Us</h2>
            <MapIllustration />
          </section>
        </div>

        <section className="rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8 dark:border-gray-800">
          <h2 className="text-xl font-semibold">Send us a Message</h2>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <Field id="contact-name" label="Name" error={errors.name?.message}>
              <input
                id="contact-name"
                autoComplete="name"
                required
                className={inputClass}
                {...described('name')}
                {...register('name')}
              />
            </Field>
            <Field id="contact-email" label="Email" error={errors.email?.message}>
              <input
                id="contact-email"
                type="email"
                autoComplete="email"
                required
                className={inputClass}
                {...described('email')}
                {...register('email')}
              />
            </Field>
            <Field id="contact-subject" label="Subject" error={errors.subject?.message}>
              <input
                id="contact-subject"
                required
                className={inputClass}
                {...described('subject')}
                {...register('subject')}
              />
            </Field>
            <Field id="contact-message" label="Message" error={errors.message?.message}>
              <textarea
                id="contact-message"
                rows={6}
                required
                className={inputClass}
                {...described('message')}
                {...register('message')}
              />
            </Field>
            <Button type="submit" size="xl" disabled={isSubmitting} className="w-full">
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
            <p
              role={outcome === 'failed' ? 'alert' : 'status'}
              className={clsx(
                'text-sm',
                outcome === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300',
              )}
            >
              {outcome === 'sent' ? SUCCESS : outcome === 'failed' ? FAILURE : ''}
            </p>
          </form>
        </section>
      </div>
    </div>
  );
}
