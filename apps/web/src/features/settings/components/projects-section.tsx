import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CalendarDays, MapPin } from 'lucide-react';
import { z } from 'zod';
import { type Project } from '@brickyard/shared';
import { Badge, MoneyInput, SelectField, TextareaField, TextField } from '@/components/ui';
import { formatPence, formatPostedDate } from '@/lib/format';
import { zodResolver } from '@/lib/form';
import { projectsApi } from '../api/projects';
import { ProfileListDialog, ProfileListSection, useConfirmDelete, useSaveListItem } from './profile-list-section';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

const STATUSES = [
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'planned', label: 'Planned' },
  { value: 'on-hold', label: 'On hold' },
  { value: 'completed', label: 'Completed' },
];
const date = z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a valid date');

const projectFormSchema = z.object({
  name: z.string().trim().min(1, 'Name the project').max(200, 'At most 200 characters'),
  location: z.string().trim().max(200, 'At most 200 characters'),
  status: z.string().trim().min(1, 'Choose a status').max(40),
  budget: moneyField('Enter an amount in pounds, like 620000'),
  estimatedCompletion: date,
  completionDate: date,
  description: z.string().trim().max(2000, 'At most 2,000 characters'),
});
type ProjectForm = z.infer<typeof projectFormSchema>;
const FIELDS = Object.keys(projectFormSchema.shape) as (keyof ProjectForm)[];

/** docs/product.md section 4: ongoing shows as Ongoing, others as given; past projects are Completed. */
function statusLabel(status: string): string {
  return STATUSES.find((s) => s.value === status)?.label ?? status;
}

/** Buyer-profile extras: current projects and past projects, added, changed and deleted here. */
export function ProjectsSection({ current, past }: { current: Project[]; past: Project[] }) {
  const [editing, setEditing] = useState<{ project?: Project; status?: string } | null>(null);
  const remove = projectsApi.useDelete();
  const confirmDelete = useConfirmDelete<Project>(remove, {
    title: 'Delete this project?',
    confirmLabel: 'Delete project',
    deleted: 'Project deleted',
    failed: 'We could not delete the project. Please try again.',
    name: (p) => p.name,
  });
  const list = {
    itemName: (p: Project) => p.name,
    renderItem: (p: Project) => <ProjectSummary project={p} />,
    onEdit: (p: Project) => setEditing({ project: p }),
    onDelete: confirmDelete.ask,
  };

  return (
    <>
      <ProfileListSection
        title="Current projects"
        description="Live and upcoming work, so suppliers see what you are building."
        empty="No current projects yet. Add the schemes you are working on or planning."
        items={current}
        addLabel="Add a current project"
        onAdd={() => setEditing({ status: 'ongoing' })}
        {...list}
      />
      <ProfileListSection
        title="Past projects"
        description="Completed work that shows your track record."
        empty="No past projects yet."
        items={past}
        addLabel="Add a past project"
        onAdd={() => setEditing({ status: 'completed' })}
        {...list}
      />
      {editing && <ProjectDialog project={editing.project} status={editing.status} onClose={() => setEditing(null)} />}
      {confirmDelete.dialog}
    </>
  );
}

function ProjectSummary({ project: p }: { project: Project }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-ink-900">{p.name}</p>
        <Badge tone={p.status === 'completed' ? 'success' : p.status === 'ongoing' ? 'brand' : 'neutral'}>
          {statusLabel(p.status)}
        </Badge>
      </div>
      {p.description && <p className="mt-1 text-sm text-ink-600">{p.description}</p>}
      <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-500">
        <span className="inline-flex items-center gap-1">
          <MapPin className="size-3.5" aria-hidden="true" />
          {p.location ?? 'Not specified'}
        </span>
        <span>Budget {p.budgetPence !== null ? formatPence(p.budgetPence) : 'Not specified'}</span>
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          {p.status === 'completed'
            ? `Completed ${formatPostedDate(p.completionDate)}`
            : `Estimated completion ${formatPostedDate(p.estimatedCompletion)}`}
        </span>
      </p>
    </>
  );
}

function ProjectDialog({ project, status, onClose }: { project?: Project; status?: string; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<ProjectForm>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      name: project?.name ?? '',
      location: project?.location ?? '',
      status: project?.status ?? status ?? 'ongoing',
      budget: formatMoney(project?.budgetPence),
      estimatedCompletion: project?.estimatedCompletion ?? '',
      completionDate: project?.completionDate ?? '',
      description: project?.description ?? '',
    },
  });
  const completed = watch('status') === 'completed';
  const statuses =
    project && !STATUSES.some((s) => s.value === project.status)
      ? [...STATUSES, { value: project.status, label: project.status }]
      : STATUSES;

  const { save, busy } = useSaveListItem(
    projectsApi,
    project,
    { fields: FIELDS, setError },
    {
      added: 'Project added',
      updated: 'Project updated',
      failed: 'We could not save the project. Please try again.',
    },
    onClose,
  );

  const onSubmit = handleSubmit(async (v) => {
    const body = {
      name: v.name.trim(),
      location: v.location.trim() || null,
      status: v.status,
      budget: moneyToPounds(v.budget),
      estimatedCompletion: v.estimatedCompletion || null,
      completionDate: v.completionDate || null,
      description: v.description.trim() || null,
    };
    await save(body);
  });

  return (
    <ProfileListDialog
      title={project ? 'Edit project' : 'Add a project'}
      formId="project-form"
      submitLabel={project ? 'Save project' : 'Add project'}
      busy={busy}
      onClose={onClose}
    >
      <form id="project-form" onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Project name"
          fieldClassName="md:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Location"
          optional
          placeholder="e.g. Salford"
          error={errors.location?.message}
          {...register('location')}
        />
        <SelectField
          label="Status"
          hint="Completed projects are listed as past projects."
          error={errors.status?.message}
          {...register('status')}
        >
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <MoneyInput
          label="Budget (£)"
          optional
          placeholder="e.g. 620000"
          error={errors.budget?.message}
          {...register('budget')}
        />
        {completed ? (
          <TextField
            label="Completion date"
            optional
            type="date"
            error={errors.completionDate?.message}
            {...register('completionDate')}
          />
        ) : (
          <TextField
            label="Estimated completion"
            optional
            type="date"
            error={errors.estimatedCompletion?.message}
            {...register('estimatedCompletion')}
          />
        )}
        <TextareaField
          label="Description"
          optional
          rows={3}
          fieldClassName="md:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </form>
    </ProfileListDialog>
  );
}
