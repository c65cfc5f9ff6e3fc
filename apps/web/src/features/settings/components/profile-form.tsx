import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import type { Profile } from '@brickyard/shared';
import { Alert, Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useSaveProfileSettings } from '../api/save-profile-settings';
import {
  REQUIREMENT_FIELDS,
  type ProfileFormValues,
  formToSaveBody,
  profileFormSchema,
  profileToForm,
} from '../lib/profile-values';
import { BusinessCard } from './profile-cards/business-card';
import { CategoriesCard } from './profile-cards/categories-card';
import { CompanyCard } from './profile-cards/company-card';
import { DocumentsCard } from './profile-cards/documents-card';
import { MaterialsCard } from './profile-cards/materials-card';
import { RequirementsCard } from './profile-cards/requirements-card';
import { TermsCard } from './profile-cards/terms-card';

type FieldName = keyof ProfileFormValues;
const FIELDS = Object.keys(profileFormSchema.shape) as FieldName[];

/**
 * Settings › Profile: every field of docs/product.md section 3 Profile (and, for buyers, the
 * Buyer-profile extras), validated next to each field, saved with one button in one request. Each card is its own file under profile-cards/.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const isBuyer = profile.userRole === 'buyer';
  const other = isBuyer ? 'supplier' : 'buyer';
  const save = useSaveProfileSettings();
  const [busyUploads, setBusyUploads] = useState(0);
  const [savedImage, setSavedImage] = useState(profile.image);
  const [previewUrl, setPreviewUrl] = useState(profile.imageUrl);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(profile),
    mode: 'onTouched',
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));
  const uploading = busyUploads > 0;
  const saving = save.isPending;

  const onSubmit = handleSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync(formToSaveBody(v, isBuyer, v.image !== savedImage));
      setSavedImage(saved.image);
      setPreviewUrl(saved.imageUrl);
      reset(profileToForm(saved));
      notify.success('Your profile has been saved');
    } catch (err) {
      const rest = applyServerErrors(err, FIELDS, setError, 'We could not save your profile. Please try again.', {
        ...REQUIREMENT_FIELDS,
        materialsNeeded: 'requiredProducts',
      });
      if (rest) notify.error(rest);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <CompanyCard
          isBuyer={isBuyer}
          other={other}
          currentSize={profile.companySize}
          savedImage={savedImage}
          previewUrl={previewUrl}
          trackBusy={trackBusy}
        />
        <CategoriesCard isBuyer={isBuyer} />
        {isBuyer && <BusinessCard />}
        <TermsCard isBuyer={isBuyer} />
        {isBuyer && <MaterialsCard />}
        <RequirementsCard isBuyer={isBuyer} other={other} />
        <DocumentsCard trackBusy={trackBusy} />

        {Object.keys(errors).length > 0 && (
          <Alert tone="danger" live title="Some fields need attention">
            Check the messages next to the highlighted fields.
          </Alert>
        )}
        <div
          className={cn(
            'z-10 flex items-center justify-end gap-2 rounded-xl border border-ink-200 bg-white/95 px-4 py-3 shadow-card backdrop-blur',
            // While there are unsaved changes the bar stays in view at the bottom of the screen.
            isDirty && 'sticky bottom-3',
          )}
        >
          <p className="mr-auto hidden text-sm text-ink-500 sm:block" aria-live="polite">
            {uploading
              ? 'Uploading… you can save once it finishes.'
              : isDirty
                ? 'You have unsaved changes.'
                : 'All changes saved.'}
          </p>
          <Button variant="ghost" disabled={!isDirty || saving} onClick={() => reset()}>
            Discard
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={uploading}
            leftIcon={<Save className="size-4" aria-hidden="true" />}
          >
            Save profile
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
