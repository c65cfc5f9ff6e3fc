import { Controller, useFormContext } from 'react-hook-form';
import { FileUpload } from '@/components/files';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';

/** Company documents shown under Related Documents on the profile. */
export function DocumentsCard({ trackBusy }: { trackBusy: (busy: boolean) => void }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Documents</CardTitle>
          <CardDescription>
            Certificates, insurance, brochures. Shown under Related Documents on your profile. PDF, Office files or
            images up to 25 MB each.
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody>
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
      </CardBody>
    </Card>
  );
}
