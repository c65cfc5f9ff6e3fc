import { useState } from 'react';
import { Download, FileArchive, FileJson, Save } from 'lucide-react';
import type { ContactVisibility, PrivacySettings, ProfileVisibility } from '@brickyard/shared';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  PageHeader,
  PageSpinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { type ExportFormat, useExportData } from '../api/export-data';
import { usePrivacy } from '../api/get-privacy';
import { useUpdatePrivacy } from '../api/update-privacy';
import { RadioCards } from '../components/radio-cards';

/** Settings › Privacy: who sees the profile and contact details; download all my data. */
export function PrivacySettingsScreen() {
  const session = useSession();
  const query = usePrivacy();
  const other = session?.role === 'buyer' ? 'suppliers' : 'buyers';

  return (
    <>
      <PageHeader
        title="Privacy"
        description="Control who can see your company profile and contact details, and download a copy of everything we hold about you."
      />
      <div className="space-y-6">
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <Alert tone="danger" live title="We could not load your privacy settings">
            <p>{errorMessage(query.error)}</p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <VisibilityForm
            key={`${query.data.profileVisibility}-${query.data.contactVisibility}`}
            initial={query.data}
            other={other}
          />
        )}
        <ExportCard />
      </div>
    </>
  );
}

function VisibilityForm({ initial, other }: { initial: PrivacySettings; other: string }) {
  const update = useUpdatePrivacy();
  const [profileVisibility, setProfileVisibility] = useState<ProfileVisibility>(initial.profileVisibility);
  const [contactVisibility, setContactVisibility] = useState<ContactVisibility>(initial.contactVisibility);
  const dirty = profileVisibility !== initial.profileVisibility || contactVisibility !== initial.contactVisibility;

  async function save() {
    try {
      await update.mutateAsync({ profileVisibility, contactVisibility });
      notify.success('Privacy settings saved');
    } catch (err) {
      notify.error(errorMessage(err, 'We could not save your privacy settings. Please try again.'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Profile visibility</CardTitle>
          <CardDescription>Admins can always see your profile to review your account.</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="space-y-6">
        <RadioCards<ProfileVisibility>
          legend="Who can see your company profile"
          name="profileVisibility"
          value={profileVisibility}
          onChange={setProfileVisibility}
          options={[
            {
              value: 'public',
              label: 'Public to members',
              description: `Every approved ${other.slice(0, -1)} can find and view your profile, so matches can reach you.`,
            },
            {
              value: 'private',
              label: 'Private',
              description: `Only ${other} you have a deal or a conversation with can view it. You may get fewer enquiries.`,
            },
          ]}
        />
        <RadioCards<ContactVisibility>
          legend="Who can see your name, email and phone"
          name="contactVisibility"
          value={contactVisibility}
          onChange={setContactVisibility}
          options={[
            {
              value: 'counterparties',
              label: 'People you work with',
              description: `Only ${other} you have a deal or a conversation with.`,
            },
            {
              value: 'members',
              label: 'Everyone who can see my profile',
              description: `Any approved ${other.slice(0, -1)} who can view your profile sees how to contact you.`,
            },
          ]}
        />
        <div className="flex justify-end border-t border-ink-100 pt-4">
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={!dirty}
            leftIcon={<Save className="size-4" aria-hidden="true" />}
          >
            Save privacy settings
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

function ExportCard() {
  const exporter = useExportData();
  const [running, setRunning] = useState<ExportFormat | null>(null);

  async function run(format: ExportFormat) {
    setRunning(format);
    try {
      const ok = await exporter.mutateAsync(format);
      if (ok) notify.success('Your data export has been downloaded');
    } finally {
      setRunning(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Download all my data</CardTitle>
          <CardDescription>
            Your account, company profile, projects, tenders, catalogue, deals, reviews and notifications, as one file.
            Passwords and security secrets are never included.
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          loading={running === 'json'}
          disabled={running !== null}
          onClick={() => void run('json')}
          leftIcon={<FileJson className="size-4" aria-hidden="true" />}
        >
          Download data (JSON)
        </Button>
        <Button
          variant="secondary"
          loading={running === 'zip'}
          disabled={running !== null}
          onClick={() => void run('zip')}
          leftIcon={<FileArchive className="size-4" aria-hidden="true" />}
        >
          Download data and files (ZIP)
        </Button>
        <p className="flex items-center gap-1.5 text-xs text-ink-500 sm:ml-auto">
          <Download className="size-3.5" aria-hidden="true" />
          The ZIP adds the documents and images you uploaded.
        </p>
      </CardBody>
    </Card>
  );
}
