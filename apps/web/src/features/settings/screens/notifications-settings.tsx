import { BellRing, Mail } from 'lucide-react';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
} from '@brickyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardDescription, CardHeader, CardTitle, PageHeader, PageSpinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { Switch } from '../components/switch';
import { settingsKeys } from '../api/keys';

/** Kinds only a supplier can receive (live feed, Bid Assist). */
const SUPPLIER_ONLY: readonly NotificationKind[] = [
  'bid_assist_status',
  'external_tender_alert',
  'external_tender_closing',
];

/** Settings › Notifications: in-app and email, per kind (saved as soon as a switch flips). */
export function NotificationSettingsScreen() {
  const session = useSession();
  const qc = useQueryClient();
  const query = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const kinds = NOTIFICATION_KINDS.filter((k) => session?.role === 'supplier' || !SUPPLIER_ONLY.includes(k));

  function toggle(kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) {
    const before = qc.getQueryData<NotificationSettings>(settingsKeys.notifications);
    if (before) {
      // Show the change at once; put it back if the server refuses.
      qc.setQueryData<NotificationSettings>(settingsKeys.notifications, {
        kinds: { ...before.kinds, [kind]: { ...before.kinds[kind], [channel]: on } },
      });
    }
    update.mutate(
      { kinds: { [kind]: { [channel]: on } } },
      {
        onSuccess: () =>
          notify.success(
            `${NOTIFICATION_KIND_INFO[kind].label}: ${channel === 'inApp' ? 'in-app' : 'email'} ${on ? 'on' : 'off'}`,
            {
              id: 'notification-settings',
            },
          ),
        onError: (err) => {
          if (before) qc.setQueryData(settingsKeys.notifications, before);
          notify.error(errorMessage(err, 'We could not save that change. Please try again.'));
        },
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Choose how you hear about messages, matches, deals and tenders: in the app (the bell), by email, both or neither."
      />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert tone="danger" live title="We could not load your notification settings">
          <p>{errorMessage(query.error)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>What you are told about</CardTitle>
              <CardDescription>
                Changes are saved as soon as you flip a switch. Emails about messages, matches and deals are grouped
                into one summary, and what you have already read in the app is left out.
              </CardDescription>
            </div>
          </CardHeader>
          <div>
            <table className="w-full text-sm">
              <caption className="sr-only">Notification channels per kind</caption>
              <thead>
                <tr className="border-b border-ink-100 text-left text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  <th scope="col" className="py-2.5 pr-2 pl-4 sm:px-5">
                    Notification
                  </th>
                  <th scope="col" className="w-16 px-1 py-2.5 text-center sm:w-28 sm:px-2">
                    <span className="inline-flex items-center gap-1.5">
                      <BellRing className="hidden size-3.5 sm:block" aria-hidden="true" />
                      In-app
                    </span>
                  </th>
                  <th scope="col" className="w-16 px-1 py-2.5 pr-4 text-center sm:w-28 sm:px-2 sm:pr-5">
                    <span className="inline-flex items-center gap-1.5">
                      <Mail className="hidden size-3.5 sm:block" aria-hidden="true" />
                      Email
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {kinds.map((kind) => {
                  const info = NOTIFICATION_KIND_INFO[kind];
                  const value = query.data.kinds[kind] ?? info.defaults;
                  return (
                    <tr key={kind}>
                      <th scope="row" className="py-3.5 pr-2 pl-4 text-left font-normal sm:px-5">
                        <span className="block font-medium text-ink-900">{info.label}</span>
                        <span className="block text-ink-500">{info.description}</span>
                      </th>
                      <td className="px-1 py-3.5 text-center sm:px-2">
                        <Switch
                          aria-label={`${info.label} in the app`}
                          checked={value.inApp}
                          onChange={(e) => toggle(kind, 'inApp', e.target.checked)}
                        />
                      </td>
                      <td className="px-1 py-3.5 pr-4 text-center sm:px-2 sm:pr-5">
                        <Switch
                          aria-label={`${info.label} by email`}
                          checked={value.email}
                          onChange={(e) => toggle(kind, 'email', e.target.checked)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </>
  );
}
