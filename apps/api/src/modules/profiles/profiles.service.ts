import {
  AppError,
  PAST_PROJECT_STATUS,
  accessStateOf,
  type PortfolioItem,
  type Profile,
  type Project,
  type Requirements,
  type createPortfolioItemBodySchema,
  type createProjectBodySchema,
  type updatePortfolioItemBodySchema,
  type updateProfileAndRequirementsBodySchema,
  type updateProfileBodySchema,
  type updateProjectBodySchema,
  type updateRequirementsBodySchema,
} from '@brickyard/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { OwnerList } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { assertSafeKey } from '../../platform/storage/storage.ts';
import * as repo from './profiles.repository.ts';

export type ProfilesService = ReturnType<typeof createProfilesService>;

const MAX_PROJECTS = 200;
/** Profile columns a PUT may write, named as in the body (explicit, against mass assignment). */
const PROFILE_FIELDS = [
  'region',
  'companySize',
  'registrationNumber',
  'companyDescription',
  'preferredCategories',
  'subcategories',
  'certifications',
  'qualityStandards',
  'manufacturingCapacity',
  'deliveryLocations',
  'paymentTerms',
  'warrantyOffered',
  'rebate',
  'website',
  'industry',
  'specialization',
  'yearsInBusiness',
  'materialsNeeded',
] as const;
const MAX_PORTFOLIO = 200;
const pounds = (pence: number | null) => (pence === null ? null : pence / 100);
const notFound = (what = 'Profile') => new AppError('NOT_FOUND', `${what} not found`);

/** The gate of docs/design.md section 3, for calls that are ungated for one's own data only. */
export function assertActive(caller: Principal): void {
  const state = accessStateOf(caller);
  if (state === 'pending_approval') {
    throw new AppError(
      'ACCOUNT_PENDING_APPROVAL',
      'We are in the process of reviewing your account, this can take up to 48 hours',
    );
  }
  if (state === 'subscription_required') {
    throw new AppError(
      'SUBSCRIPTION_REQUIRED',
      'You need an active subscription to access this feature. Please go to Settings > Billing',
    );
  }
}

export interface ProfileAccess {
  owner: repo.ProfileOwner;
  isOwner: boolean;
  contactVisible: boolean;
}

/**
 * Who may see whose profile (and so its requirements and reviews):
 * - oneself and admins: always, contact details included;
 * - otherwise the caller must be past the access gate, and the profile must belong to the
 *   opposite party (a buyer sees suppliers, a supplier sees buyers — docs/product.md section 6), be
 *   approved, and be public — or the two are counterparties: they share a contract (any
 *   status), or the owner has written to the caller in Messages; counterparties see each other
 *   even when private;
 * - names, email and phone show to counterparties, or to every such member when the owner
 *   chose contactVisibility 'members' in privacy settings.
 * Anything else answers 404 (docs/design.md section 3: not yours to see).
 */
export async function profileAccess(db: DbOrTx, caller: Principal, userId: string): Promise<ProfileAccess> {
  return profileAccessOf(caller, userId, await repo.findProfileOwner(db, userId, caller.id));
}

/**
 * profileAccess, and where the owner's `list` stands (db/owner-pages.ts), read in one statement:
 * for a page of the owner's kept under that state (their reviews).
 */
export async function profileAccessAndListState(db: DbOrTx, caller: Principal, userId: string, list: OwnerList) {
  const found = await repo.findProfileOwnerWithListState(db, userId, caller.id, list);
  const access = await profileAccessOf(caller, userId, found);
  return { ...access, state: found!.state };
}

/** profileAccess on an owner a statement has read with what the caller shows (repo.findProfileOwnerWith…). */
function profileAccessOf(caller: Principal, userId: string, found: repo.FoundProfileOwner): Promise<ProfileAccess> {
  return decideAccess(caller, userId, found?.owner, () => found!.counterparty);
}

/**
 * The rules of profileAccess on an owner already read; `counterparty` is asked only when the
 * answer depends on it.
 */
async function decideAccess(
  caller: Principal,
  userId: string,
  owner: repo.ProfileOwner | undefined,
  counterparty: () => Promise<boolean> | boolean,
): Promise<ProfileAccess> {
  if (caller.id === userId) {
    if (!owner) throw notFound();
    return { owner, isOwner: true, contactVisible: true };
  }
  assertActive(caller);
  if (!owner) throw notFound();
  if (caller.role === 'admin') return { owner, isOwner: false, contactVisible: true };
  if (owner.role === 'admin' || owner.role === caller.role || !owner.approved) throw notFound();
  const isCounterparty = await counterparty();
  if (owner.visibility === 'private' && !isCounterparty) throw notFound();
  return { owner, isOwner: false, contactVisible: isCounterparty || owner.contactVisibility === 'members' };
}

export function toProject(r: repo.ProjectRow): Project {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    location: r.location,
    status: r.status,
    budget: pounds(r.budgetPence),
    budgetPence: r.budgetPence,
    estimatedCompletion: r.estimatedCompletion,
    completionDate: r.completionDate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toPortfolioItem(r: repo.PortfolioRow): PortfolioItem {
  return {
    id: r.id,
    title: r.title,
    value: pounds(r.valuePence),
    valuePence: r.valuePence,
    description: r.description,
    client: r.client,
    completionDate: r.completionDate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toRequirements(userId: string, r: repo.RequirementsRow | undefined): Requirements {
  return {
    userId,
    qualityStandards: r?.qualityStandards ?? [],
    deliveryReliability: r?.deliveryReliability ?? null,
    sustainability: r?.sustainability ?? null,
    pricing: r?.pricing ?? null,
    updatedAt: r?.updatedAt.toISOString() ?? null,
  };
}

/** The fields of a partial update that were sent (undefined: leave as it is; null: clear). */
function definedOnly<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Profiles (docs/product.md sections 2 Profile view, 3 Profile and Buyer-profile extras, 6): the
 * profile view, the profile settings page, projects, portfolio and requirements.
 */
export function createProfilesService(ctx: AppContext) {
  const { db, storage, config, log } = ctx;

  async function signedUrl(key: string | null, fileName?: string): Promise<string | null> {
    if (!key) return null;
    try {
      return (await storage.presignDownload(key, { expiresInSeconds: config.storageUrlTtlSeconds, fileName })).url;
    } catch (err) {
      log.warn({ err, key }, 'could not sign a profile file link');
      return null;
    }
  }

  /** A storage key from a key or stored file URL, which must be one of the caller's uploads. */
  async function ownUploads(
    callerId: string,
    inputs: Array<{ value: string; path: string }>,
  ): Promise<Map<string, string>> {
    const keys = new Map<string, string>();
    const details: Array<{ path: string; message: string }> = [];
    for (const { value, path } of inputs) {
      try {
        const key = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith('/') ? storage.keyFromUrl(value) : value;
        assertSafeKey(key);
        keys.set(path, key);
      } catch {
        details.push({ path, message: 'Not a stored file' });
      }
    }
    const found = new Set(
      (await repo.ownedFiles(db, callerId, [...new Set(keys.values())])).filter((f) => !f.entityId).map((f) => f.key),
    );
    for (const [path, key] of keys)
      if (!found.has(key)) details.push({ path, message: 'Not one of your uploaded files' });
    if (details.length) throw new AppError('VALIDATION_FAILED', 'Some files are not valid', details);
    return keys;
  }

  /** The profile of `userId` as the caller may see it: one statement reads it all, then the rules decide. */
  async function readProfile(caller: Principal, userId: string): Promise<Profile> {
    // A caller held at the gate may read no one else's profile, whatever it holds: refused before reading it.
    if (caller.id !== userId) assertActive(caller);
    const found = await repo.findProfileView(db, caller.id, userId);
    const access = await decideAccess(caller, userId, found?.view.owner, () => found!.counterparty);
    return builtProfile(access, found!.view);
  }

  /**
   * The profile as built for one kind of viewer (the owner; contact shown or not), kept beside the
   * kept view it was built from (repo.findProfileView): a repeat visit builds nothing, and the
   * route writes the same object once. Signed file links are reused for at most half their
   * lifetime, so every link handed out stays valid for at least the other half.
   */
  const builtProfiles = new WeakMap<repo.ProfileView, Map<string, { profile: Profile; until: number }>>();
  async function builtProfile(access: ProfileAccess, view: repo.ProfileView): Promise<Profile> {
    const kind = `${access.isOwner} ${access.contactVisible}`;
    let byKind = builtProfiles.get(view);
    if (!byKind) {
      byKind = new Map();
      builtProfiles.set(view, byKind);
    }
    const hit = byKind.get(kind);
    if (hit && Date.now() < hit.until) return hit.profile;
    const profile = await build(access, view);
    const signed = profile.imageUrl !== null || profile.documents.length > 0;
    byKind.set(kind, { profile, until: signed ? Date.now() + config.storageUrlTtlSeconds * 500 : Infinity });
    return profile;
  }

  async function build(access: ProfileAccess, view: repo.ProfileView): Promise<Profile> {
    const { owner, isOwner, contactVisible } = access;
    const { profile, parts } = view;
    const projects = parts.projects.map(toProject);
    const requirements = toRequirements(owner.id, parts.requirements);
    const documents = await Promise.all(
      parts.docs.map(async (d) => ({
        id: d.id,
        name: d.name,
        key: d.fileKey,
        url: await signedUrl(d.fileKey, d.name),
        createdAt: d.createdAt.toISOString(),
      })),
    );
    const m = profile?.materialsNeeded ?? null;
    return {
      id: owner.id,
      userRole: owner.role,
      approved: owner.approved,
      isOwner,
      companyName: owner.companyName,
      image: profile?.imageKey ?? null,
      imageUrl: await signedUrl(profile?.imageKey ?? null),
      region: profile?.region ?? null,
      companySize: profile?.companySize ?? null,
      registrationNumber: profile?.registrationNumber ?? null,
      companyDescription: profile?.companyDescription ?? null,
      preferredCategories: profile?.preferredCategories ?? [],
      subcategories: profile?.subcategories ?? [],
      certifications: profile?.certifications ?? [],
      qualityStandards: profile?.qualityStandards ?? [],
      manufacturingCapacity: profile?.manufacturingCapacity ?? null,
      leadTime: profile?.leadTimeDays ?? null,
      minOrderValue: pounds(profile?.minOrderValuePence ?? null),
      minOrderValuePence: profile?.minOrderValuePence ?? null,
      catalogueItems: parts.catalogueItems.map((c) => ({
        id: c.id,
        title: c.title,
        category: c.category,
        quantity: c.quantity,
        budget: pounds(c.budgetPence),
        value: pounds(c.valuePence),
      })),
      deliveryLocations: profile?.deliveryLocations ?? [],
      paymentTerms: profile?.paymentTerms ?? null,
      warrantyOffered: profile?.warrantyOffered ?? null,
      rebate: profile?.rebate ?? null,
      contactVisible,
      firstName: contactVisible ? owner.firstName : null,
      lastName: contactVisible ? owner.lastName : null,
      email: contactVisible ? owner.email : null,
      phone: contactVisible ? owner.phone : null,
      website: profile?.website ?? null,
      documents,
      portfolioItems: parts.portfolio.map(toPortfolioItem),
      industry: profile?.industry ?? null,
      specialization: profile?.specialization ?? null,
      yearsInBusiness: profile?.yearsInBusiness ?? null,
      currentProjects: projects.filter((p) => p.status !== PAST_PROJECT_STATUS),
      pastProjects: projects.filter((p) => p.status === PAST_PROJECT_STATUS),
      materialsNeeded: m
        ? {
            requiredProducts: m.requiredProducts ?? [],
            currentTender: m.currentTender ?? null,
            deliveryDeadline: m.deliveryDeadline ?? null,
            sustainabilityFocus: m.sustainabilityFocus ?? null,
            futureTender: m.futureTender ?? null,
            expectedStartDate: m.expectedStartDate ?? null,
            volume: m.volume ?? null,
          }
        : null,
      supplierRequirements: owner.role === 'buyer' ? requirements : null,
      buyerRequirements: owner.role === 'supplier' ? requirements : null,
      reviewSummary: parts.summary,
      reviews: parts.latest.map((r) => ({
        id: r.id,
        rating: r.rating,
        text: r.text,
        reviewer: {
          id: r.reviewerId,
          name: `${r.reviewerFirst} ${r.reviewerLast}`.trim(),
          companyName: r.reviewerCompany,
        },
        createdAt: r.createdAt.toISOString(),
      })),
      visibility: owner.visibility,
      memberSince: owner.createdAt.toISOString(),
    };
  }

  /**
   * The caller's own profile (and, when given, their requirements) written in one transaction;
   * uploads named in it are checked to be the caller's before anything is written.
   */
  async function saveProfile(
    caller: Principal,
    body: z.output<typeof updateProfileBodySchema>,
    requirements?: z.output<typeof updateRequirementsBodySchema>,
  ): Promise<Profile> {
    const current = await repo.findProfile(db, caller.id);
    const files: Array<{ value: string; path: string }> = [];
    if (body.image) files.push({ value: body.image, path: 'image' });
    body.documents?.forEach((d, i) => files.push({ value: d.url, path: `documents.${i}.url` }));
    // The current logo and documents are already ours; only new ones are checked.
    const keys = await ownUploads(caller.id, files);
    const imageKey = body.image === undefined ? undefined : body.image === null ? null : keys.get('image')!;
    const docs = body.documents?.map((d, i) => ({ name: d.name, fileKey: keys.get(`documents.${i}.url`)! }));

    const dropped: string[] = [];
    await db.transaction(async (tx) => {
      const { companyName, image: _image, leadTime, minOrderValue, documents: _docs, ...rest } = body;
      if (companyName !== undefined) await repo.setCompanyName(tx, caller.id, companyName);
      const values: Partial<Omit<repo.ProfileRow, 'userId' | 'updatedAt'>> = {};
      for (const k of PROFILE_FIELDS) if (rest[k] !== undefined) (values as Record<string, unknown>)[k] = rest[k];
      if (imageKey !== undefined) values.imageKey = imageKey;
      if (leadTime !== undefined) values.leadTimeDays = leadTime;
      if (minOrderValue !== undefined) values.minOrderValuePence = minOrderValue;
      await repo.upsertProfile(tx, caller.id, values);
      if (imageKey !== undefined && current?.imageKey && current.imageKey !== imageKey) dropped.push(current.imageKey);
      if (docs) {
        const before = await repo.replaceDocuments(tx, caller.id, docs);
        const kept = new Set(docs.map((d) => d.fileKey));
        for (const b of before) if (!kept.has(b.fileKey)) dropped.push(b.fileKey);
      }
      await repo.deleteFilesByKeys(tx, caller.id, dropped);
      if (requirements) await repo.upsertRequirements(tx, caller.id, definedOnly(requirements));
    });
    await Promise.all(
      dropped.map((k) => storage.delete(k).catch((err) => log.warn({ err, key: k }, 'could not delete a stored file'))),
    );
    if (body.companyName !== undefined) ctx.principals.invalidate(caller.id);
    return readProfile(caller, caller.id);
  }

  return {
    /** GET /api/users/profile/{id} (or the caller's own without an id). */
    async get(caller: Principal, id?: string): Promise<Profile> {
      return readProfile(caller, id ?? caller.id);
    },

    /** PUT /api/settings/profile: only the fields of updateProfileBodySchema, on the caller's own profile. */
    async update(caller: Principal, body: z.output<typeof updateProfileBodySchema>): Promise<Profile> {
      return saveProfile(caller, body);
    },

    /**
     * PUT /api/settings/profile-and-requirements: the profile and the requirements in one transaction,
     * so the settings form never leaves one saved and the other not.
     */
    async updateWithRequirements(
      caller: Principal,
      body: z.output<typeof updateProfileAndRequirementsBodySchema>,
    ): Promise<Profile> {
      const { requirements, ...profile } = body;
      return saveProfile(caller, profile, requirements);
    },

    // ---- projects ----

    async createProject(caller: Principal, body: z.output<typeof createProjectBodySchema>): Promise<Project> {
      if ((await repo.countProjects(db, caller.id)) >= MAX_PROJECTS) {
        throw new AppError('CONFLICT', `You can keep at most ${MAX_PROJECTS} projects`);
      }
      const row = await repo.insertProject(db, {
        userId: caller.id,
        name: body.name,
        description: body.description ?? null,
        location: body.location ?? null,
        status: body.status,
        budgetPence: body.budget ?? null,
        estimatedCompletion: body.estimatedCompletion ?? null,
        completionDate: body.completionDate ?? null,
      });
      return toProject(row);
    },

    async updateProject(
      caller: Principal,
      id: string,
      body: z.output<typeof updateProjectBodySchema>,
    ): Promise<Project> {
      const { budget, ...rest } = body;
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) values[k] = v;
      if (budget !== undefined) values.budgetPence = budget;
      const row = await repo.updateProject(db, caller.id, id, values);
      if (!row) throw notFound('Project');
      return toProject(row);
    },

    async deleteProject(caller: Principal, id: string): Promise<void> {
      if (!(await repo.deleteProject(db, caller.id, id))) throw notFound('Project');
    },

    // ---- portfolio ----

    async createPortfolioItem(
      caller: Principal,
      body: z.output<typeof createPortfolioItemBodySchema>,
    ): Promise<PortfolioItem> {
      if ((await repo.countPortfolio(db, caller.id)) >= MAX_PORTFOLIO) {
        throw new AppError('CONFLICT', `You can keep at most ${MAX_PORTFOLIO} portfolio items`);
      }
      const row = await repo.insertPortfolioItem(db, {
        userId: caller.id,
        title: body.title,
        valuePence: body.value ?? null,
        description: body.description ?? null,
        client: body.client ?? null,
        completionDate: body.completionDate ?? null,
      });
      return toPortfolioItem(row);
    },

    async updatePortfolioItem(
      caller: Principal,
      id: string,
      body: z.output<typeof updatePortfolioItemBodySchema>,
    ): Promise<PortfolioItem> {
      const { value, ...rest } = body;
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) values[k] = v;
      if (value !== undefined) values.valuePence = value;
      const row = await repo.updatePortfolioItem(db, caller.id, id, values);
      if (!row) throw notFound('Portfolio item');
      return toPortfolioItem(row);
    },

    async deletePortfolioItem(caller: Principal, id: string): Promise<void> {
      if (!(await repo.deletePortfolioItem(db, caller.id, id))) throw notFound('Portfolio item');
    },

    // ---- requirements ----

    async getRequirements(caller: Principal, id?: string): Promise<Requirements> {
      const userId = id ?? caller.id;
      // A caller held at the gate may read no one else's requirements: refused before reading them.
      if (caller.id !== userId) assertActive(caller);
      const found = await repo.findProfileOwnerWithRequirements(db, userId, caller.id);
      const { owner } = await profileAccessOf(caller, userId, found);
      return toRequirements(owner.id, found!.requirements);
    },

    async putRequirements(
      caller: Principal,
      body: z.output<typeof updateRequirementsBodySchema>,
    ): Promise<Requirements> {
      return toRequirements(caller.id, await repo.upsertRequirements(db, caller.id, definedOnly(body)));
    },
  };
}
