import { type ContactMessage, MESSAGE_STATUSES, type MessageStatus } from '@bookstore/contract';
import { Badge } from '../../../components/ui/Badge';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { useMarkHandled, useMessages } from '../api/messages';
import { ActionButton } from '../components/ActionButton';
import { Pager, type FilteredTabProps } from '../components/Pager';
import { formatDate } from '../../../lib/dates';

const STATUS_LABELS: Record<MessageStatus, string> = { open: 'Open', handled: 'Handled' };
const when = (at: string) => formatDate(at, 'moment');

export const statusFrom = (value: string | null): MessageStatus | '' =>
  (MESSAGE_STATUSES as readonly string[]).includes(value ?? '') ? (value as MessageStatus) : '';

function Message({ message }: { message: ContactMessage }) {
  const mark = useMarkHandled();
  const handled = message.handled_at !== null;
  const titleId = `message-${message.id}`;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold break-words">
              {message.subject}
            </h3>
            <p className="text-sm break-words text-gray-700 dark:text-gray-300">
              From {message.name} &lt;{message.email}&gt; ·{' '}
              <time dateTime={message.created_at}>{when(message.created_at)}</time>
            </p>
          </div>
          <Badge tone={handled ? 'green' : 'amber'}>{handled ? 'Handled' : 'Open'}</Badge>
        </header>
        <p className="mt-3 whitespace-pre-line break-words text-gray-900 dark:text-gray-100">{message.message}</p>
        <footer className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <a href={reply} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            Reply by email
          </a>
          <ActionButton
            action={mark}
            on={{ id: message.id, handled: !handled }}
            done={handled ? 'Message opened again' : 'Message marked as handled'}
            variant="secondary"
          >
            {handled ? 'Mark as open' : 'Mark as handled'}
          </ActionButton>
          {handled && (
            <span className="text-gray-700 dark:text-gray-300">
              Handled{message.handled_by ? ` by ${message.handled_by}` : ''} on {when(message.handled_at!)}
            </span>
          )}
        </footer>
      </article>
    </li>
  );
}

/** Messages tab: what shoppers sent through the contact form, newest first; open or handled. */
export function MessagesTab({ search, page, status, onPage, onStatus }: FilteredTabProps<MessageStatus>) {
  const messages = useMessages({ page, status, search });
  return (
    <>
      <SelectField label="Show" value={status} onChange={(e) => onStatus(e.target.value)} className="mb-4 max-w-xs">
        <option value="">All messages</option>
        {MESSAGE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {messages.isPending ? (
        <Spinner label="Loading messages..." />
      ) : messages.isError ? (
        <ErrorState message={messages.error.message} />
      ) : messages.data.data.length === 0 ? (
        <p className="py-10 text-center text-gray-700 dark:text-gray-300">
          {search || status ? 'No messages match' : 'No messages yet'}
        </p>
      ) : (
        <>
          <ul aria-label="Messages" className="space-y-4">
            {messages.data.data.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </ul>
          <Pager meta={messages.data.meta} onPage={onPage} label="Messages" />
        </>
      )}
    </>
  );
}
