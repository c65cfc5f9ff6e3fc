import { Controller, useFormContext } from 'react-hook-form';
import { FileUpload } from '@/components/files';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';

/** Company documents shown under Related Documents on the profile. */
export function DocumentsCard({ trackBusy }: { trackBusy: (busy: boolean) => void }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title="Documents"
      description="Certificates, insurance, brochures. Shown under Related Documents on your profile. PDF, Office files or images up to 25 MB each."
    >
      <Controller
        control={control}
        name="documents"
        render={({ field }) => (
          <FileUpload
            label="Company documents"
            value={field.value}
            onChange={field.onChange}
            uploadType="profile-document"
            maxFiles={30}
            error={errors.documents?.message}
            onBusyChange={trackBusy}
          />
        )}
      />
    </ProfileCard>
  );
}
