import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, ChevronLeft, ChevronRight, Search, Users as UsersIcon, XCircle } from 'lucide-react';
import { PLANS, ROLES, isRole, type AdminUser } from '@brickyard/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Input,
  PageHeader,
  Select,
  Spinner,
  TBody,
  TD,
  TH,
  THead,
  TR,
  Table,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { formatPostedDate, fullName } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { notify } from '@/lib/toast';
import { useApproveUser } from '../api/approve-user';
import { useUsers } from '../api/list-users';

const PAGE_SIZE = 20;
const ROLE_LABEL = { buyer: 'Buyer', supplier: 'Supplier', admin: 'Admin' } as const;
const ROLE_TONE = { buyer: 'info', supplier: 'brand', admin: 'dark' } as const;

function StatusBadge({ user }: { user: AdminUser }) {
  if (user.role === 'admin') return <Badge tone="dark">Admin</Badge>;
  return user.approved ? <Badge tone="success">Approved</Badge> : <Badge tone="warning">Awaiting approval</Badge>;
}

function Verified({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="inline-flex items-center gap-1 text-emerald-700">
      <CheckCircle2 className="size-4" aria-hidden="true" /> Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-ink-500">
      <XCircle className="size-4" aria-hidden="true" /> Not verified
    </span>
  );
}

function planOf(u: AdminUser) {
  if (u.role === 'admin') return '—';
  if (!u.plan) return 'None';
  return `${PLANS[u.plan].name}${u.hasActiveSubscription ? '' : ' (inactive)'}`;
}

function ApproveButton({ user }: { user: AdminUser }) {
  const approve = useApproveUser();
  if (user.role === 'admin' || user.approved) return null;
  const name = fullName(user.firstName, user.lastName) || user.email;
  return (
    <Button
      size="sm"
      loading={approve.isPending}
      onClick={async () => {
        // Awaited rather than mutate's callbacks: the approval refreshes the list, which removes this
        // button, and callbacks of an unmounted component never run (the toast was lost).
        try {
          await approve.mutateAsync(user.id);
          notify.success(`${name} has been approved`);
        } catch (err) {
          notify.error(errorMessage(err, 'Approval failed. Please try again.'));
        }
      }}
    >
      Approve
    </Button>
  );
}

export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const approvedParam = params.get('approved');
  const approved = approvedParam === 'true' || approvedParam === 'false' ? approvedParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);

  function update(next: Record<string, string | undefined>) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  }

  // The debounced search lands in the URL (so a filtered list can be linked), back to page 1.
  useEffect(() => {
    setParams(
      (prev) => {
        if ((prev.get('q') ?? '') === q) return prev;
        const p = new URLSearchParams(prev);
        if (q) p.set('q', q);
        else p.delete('q');
        p.delete('page');
        return p;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const query = useUsers({ page, pageSize: PAGE_SIZE, role, approved, q: q || undefined });
  const users = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="Users"
        description="Every buyer, supplier and admin account. Approve new buyers and suppliers so they can use the marketplace."
      />
      <Card className="mb-5">
        <div className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_14rem]">
          <div>
            <label htmlFor="user-search" className="mb-1.5 block text-sm font-medium text-ink-800">
              Search
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
                aria-hidden="true"
              />
              <Input
                id="user-search"
                type="search"
                className="pl-9"
                placeholder="Name, company or email"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          <div>
            <label htmlFor="user-role" className="mb-1.5 block text-sm font-medium text-ink-800">
              Role
            </label>
            <Select
              id="user-role"
              value={role ?? ''}
              onChange={(e) => update({ role: e.target.value || undefined, page: undefined })}
            >
              <option value="">All roles</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="user-status" className="mb-1.5 block text-sm font-medium text-ink-800">
              Status
            </label>
            <Select
              id="user-status"
              value={approved ?? ''}
              onChange={(e) => update({ approved: e.target.value || undefined, page: undefined })}
            >
              <option value="">All statuses</option>
              <option value="false">Awaiting approval</option>
              <option value="true">Approved</option>
            </Select>
          </div>
        </div>
      </Card>

      {query.isError ? (
        <Alert tone="danger" live title="We could not load the users">
          {errorMessage(query.error)}
        </Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16 text-ink-400">
          <Spinner />
        </div>
      ) : users.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title="No users match these filters"
          description="Try a different search, or clear the role and status filters."
        />
      ) : (
        <>
          <div className="hidden xl:block">
            <Table aria-label="Users">
              <THead>
                <tr>
                  <TH>Name</TH>
                  <TH>Company</TH>
                  <TH>Role</TH>
                  <TH>Verified</TH>
                  <TH>Plan</TH>
                  <TH>Status</TH>
                  <TH>Joined</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {users.map((u) => (
                  <TR key={u.id}>
                    <TD className="max-w-64">
                      <p className="font-medium text-ink-900">{fullName(u.firstName, u.lastName) || '—'}</p>
                      <p className="truncate text-xs text-ink-500" title={u.email}>
                        {u.email}
                      </p>
                    </TD>
                    <TD className="max-w-48">{u.companyName || '—'}</TD>
                    <TD>
                      <Badge tone={ROLE_TONE[u.role]}>{ROLE_LABEL[u.role]}</Badge>
                    </TD>
                    <TD className="whitespace-nowrap">
                      <Verified ok={u.emailVerified} />
                    </TD>
                    <TD className="whitespace-nowrap">{planOf(u)}</TD>
                    <TD>
                      <StatusBadge user={u} />
                    </TD>
                    <TD className="whitespace-nowrap">{formatPostedDate(u.createdAt)}</TD>
                    <TD className="text-right">
                      <ApproveButton user={u} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Users">
            {users.map((u) => (
              <li key={u.id}>
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink-900">{fullName(u.firstName, u.lastName) || '—'}</p>
                      <p className="text-sm text-ink-600">{u.companyName}</p>
                      <p className="truncate text-sm text-ink-500">{u.email}</p>
                    </div>
                    <Badge tone={ROLE_TONE[u.role]}>{ROLE_LABEL[u.role]}</Badge>
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                    <div>
                      <dt className="text-xs text-ink-500">Status</dt>
                      <dd className="mt-0.5">
                        <StatusBadge user={u} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-ink-500">Email</dt>
                      <dd className="mt-0.5">
                        <Verified ok={u.emailVerified} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-ink-500">Plan</dt>
                      <dd className="mt-0.5 text-ink-800">{planOf(u)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-ink-500">Joined</dt>
                      <dd className="mt-0.5 text-ink-800">{formatPostedDate(u.createdAt)}</dd>
                    </div>
                  </dl>
                  {!u.approved && u.role !== 'admin' && (
                    <div className="mt-4 flex justify-end">
                      <ApproveButton user={u} />
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <nav
            aria-label="Pagination"
            className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600"
          >
            <p>
              {total === 0
                ? 'No users'
                : `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total}`}
              {query.isFetching && <Spinner className="ml-2 align-middle text-ink-400" label="Updating" />}
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
                leftIcon={<ChevronLeft className="size-4" aria-hidden="true" />}
              >
                Previous
              </Button>
              <span aria-current="page">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </>
  );
}
