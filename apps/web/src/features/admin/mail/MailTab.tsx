import { MAIL_STATUSES, type MailStatus, type MailSummary } from '@bookstore/contract';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { plural } from '../../../lib/lists';
import { useMail, useMailMessage, useSendAgain } from '../api/mail';
import { ActionButton } from '../components/ActionButton';
import { cellClass, HeadingCells, PagedTable, type FilteredTabProps } from '../components/Pager';

const STATUS: Record<MailStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Sending', tone: 'indigo' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};
const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const mailStatusFrom = (value: string | null): MailStatus | '' =>
  (MAIL_STATUSES as readonly string[]).includes(value ?? '') ? (value as MailStatus) : '';

function SendAgain({ mail }: { mail: MailSummary }) {
  const send = useSendAgain();
  return (
    <ActionButton
      action={send}
      on={mail.id}
      done="The message will be sent again"
      busyText="Sending..."
      variant="secondary"
      size="sm"
    >
      Send again
    </ActionButton>
  );
}

/**
 * One message: its headers, and its HTML (in a sandboxed frame: no script runs) or its plain text. Its live
 * links come from the server as [link hidden].
 */
function MailDialog({ id, onClose }: { id: number; onClose(): void }) {
  const message = useMailMessage(id);
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <Dialog title={message.data?.subject ?? 'Message'} onClose={onClose}>
      {message.isPending ? (
        <Spinner label="Loading message..." />
      ) : message.isError ? (
        <ErrorState message={message.error.message} />
      ) : (
        <div className="mt-4 space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-gray-700 dark:text-gray-300">To</dt>
            <dd className="break-all">{message.data.to}</dd>
            {message.data.reply_to && (
              <>
                <dt className="font-medium text-gray-700 dark:text-gray-300">Reply-To</dt>
                <dd className="break-all">{message.data.reply_to}</dd>
              </>
            )}
            <dt className="font-medium text-gray-700 dark:text-gray-300">Written</dt>
            <dd>{when(message.data.created_at)}</dd>
            <dt className="font-medium text-gray-700 dark:text-gray-300">Status</dt>
            <dd>
              {STATUS[message.data.status].label}
              {message.data.last_error ? ` (${message.data.last_error})` : ''}
            </dd>
          </dl>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Password, address and download links show as [link hidden]: only the customer gets them. Send again mails
            fresh ones.
          </p>
          <div role="group" aria-label="View" className="flex gap-2">
            {(['html', 'text'] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? 'primary' : 'secondary'}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {v === 'html' ? 'HTML' : 'Text'}
              </Button>
            ))}
          </div>
          {view === 'html' ? (
            <iframe
              title="The message as HTML"
              sandbox=""
              srcDoc={message.data.html}
              className="h-96 w-full rounded border border-gray-200 bg-white dark:border-gray-700"
            />
          ) : (
            <pre className="max-h-96 overflow-auto rounded border border-gray-200 p-3 text-sm whitespace-pre-wrap dark:border-gray-700">
              {message.data.text}
            </pre>
          )}
        </div>
      )}
      <DialogActions className="pt-4">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Mail tab: every e-mail the shop wrote (or is writing), failed ones with "Send again". */
export function MailTab({ search, page, status, onPage, onStatus }: FilteredTabProps<MailStatus>) {
  const mail = useMail({ page, status, search });
  const [open, setOpen] = useState<number | null>(null);
  const filter = (
    <SelectField label="Show" value={status} onChange={(e) => onStatus(e.target.value)} className="w-48">
      <option value="">All messages</option>
      {MAIL_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS[s].label}
        </option>
      ))}
    </SelectField>
  );

  if (mail.isPending) return <Spinner label="Loading mail..." />;
  if (mail.isError) return <ErrorState message={mail.error.message} />;
  const count = mail.data.meta.count;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        {filter}
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {plural(count, 'message')}
          {search ? ` matching "${search}"` : ''}
        </p>
      </div>
      {mail.data.data.length === 0 ? (
        <p className="py-10 text-center text-gray-700 dark:text-gray-300">
          {search || status ? 'No messages match' : 'No mail yet'}
        </p>
      ) : (
        <PagedTable
          caption="E-mail written by the shop, newest first"
          meta={mail.data.meta}
          onPage={onPage}
          label="Mail"
          head={<HeadingCells labels={['Subject', 'To', 'Written', 'Status']} actions />}
        >
          {mail.data.data.map((m) => (
            <tr key={m.id}>
              <td className={`${cellClass} min-w-48`}>
                <button
                  type="button"
                  onClick={() => setOpen(m.id)}
                  className="text-left font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {m.subject}
                </button>
              </td>
              <td className={`${cellClass} break-all`}>{m.to}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{when(m.created_at)}</td>
              <td className={cellClass}>
                <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
              </td>
              <td className={cellClass}>{m.status === 'failed' && <SendAgain mail={m} />}</td>
            </tr>
          ))}
        </PagedTable>
      )}
      {open !== null && <MailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
