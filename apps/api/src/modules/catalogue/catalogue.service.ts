import {
  AppError,
  canViewCatalogueItem,
  type CatalogueItem,
  type CatalogueListQuery,
  type CreateCatalogueItemBody,
  type PageMeta,
  type UpdateCatalogueItemBody,
} from '@brickyard/shared';
import { createExactCounts, readListState } from '../../db/exact-counts.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { effectiveSubcategories, listingColumnsFrom, listingToWire, queryPence } from '../tenders/listing.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { queueMatching, wakeMatching } from '../matching/matching.queue.ts';
import { SEARCH_DEPTH, rank } from '../search/engine.ts';
import * as repo from './catalogue.repository.ts';
import type { CatalogueFilter, CatalogueRow } from './catalogue.repository.ts';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

export function toCatalogueItem(row: CatalogueRow, companyName: string): CatalogueItem {
  return {
    ...listingToWire(row, companyName),
    certifications: row.certifications,
    deliveryLocations: row.deliveryLocations,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Catalogue item not found');

/**
 * Catalogue items (docs/product.md section 3; `/api/catalogue` and `/api/product` are the same items).
 * Every buyer and supplier may read them; only the supplier who listed one changes it.
 */
/**
 * The views this instance has already written today (item, viewer, UTC day). A repeat view the
 * same day is a no-op in the database (its key), so skipping its insert changes nothing, and saves
 * each repeat read of an item a write statement and its triggers. Another instance writes its
 * first one and gets the same no-op. Near midnight UTC it always writes, as the clocks may differ. Bounded: cleared when it grows past `VIEWS_KEPT`.
 */
const VIEWS_KEPT = 100_000;
function viewsWrittenToday() {
  const seen = new Set<string>();
  const key = (itemId: string, viewerId: string) => `${new Date().toISOString().slice(0, 10)}|${itemId}|${viewerId}`;
  return {
    // Within a minute of midnight UTC the database's clock may already be on the other day: write.
    has: (itemId: string, viewerId: string) =>
      Math.abs(((Date.now() + 43_200_000) % 86_400_000) - 43_200_000) > 60_000 && seen.has(key(itemId, viewerId)),
    add(itemId: string, viewerId: string) {
      if (seen.size >= VIEWS_KEPT) seen.clear();
      seen.add(key(itemId, viewerId));
    },
  };
}

export function createCatalogueService(ctx: AppContext, uploads: UploadsService) {
  const { db } = ctx;
  const viewed = viewsWrittenToday();
  const counts = createExactCounts();

  async function page(
    filter: CatalogueFilter,
    q: CatalogueListQuery,
  ): Promise<{ data: CatalogueItem[]; meta: PageMeta }> {
    const f: CatalogueFilter = {
      ...filter,
      category: q.category,
      subcategory: q.subcategory,
      region: q.region,
      availability: q.availability,
      minPricePence: queryPence(q.minPrice),
      maxPricePence: queryPence(q.maxPrice),
      inStock: q.inStock,
    };
    // words: the search engine ranks the items the filters let through; pages and sorts cut its results
    if (q.q)
      f.ids = (
        await rank(db, { source: 'catalogue', text: q.q, where: repo.filterSql(f), limit: SEARCH_DEPTH, typing: true })
      ).hits.map((h) => h.id);
    const sort = q.sort ?? (q.q ? 'relevance' : 'newest');
    // meta.total stays an exact count, kept per filter while the catalogue's version stands, and
    // so does the page as answered (its filter says whose items, and an item reads the same to
    // everyone who may see it); a word search's filter is its results, new each time: read each time.
    const { data, total } = await counts.answer(
      { filter: f, page: q.page, pageSize: q.pageSize, sort },
      {
        page: () => repo.listItems(db, f, { page: q.page, pageSize: q.pageSize, sort }),
        count: () => repo.countItems(db, f),
        state: () => readListState(db, 'catalogue_items'),
      },
      (rows) => rows.map((r) => toCatalogueItem(r, r.companyName)),
    );
    return { data, meta: { page: q.page, pageSize: q.pageSize, total } };
  }

  async function owned(caller: Principal, id: string) {
    const row = await repo.findItem(db, id);
    if (!row || row.userId !== caller.id) throw notFound();
    return row;
  }

  return {
    async create(caller: Principal, body: CreateCatalogueItemBody): Promise<CatalogueItem> {
      const refs = await uploads.prepareRefs(
        caller.id,
        { type: 'catalogue_item', id: null },
        {
          attachments: body.attachments ?? [],
          supportingDocumentIds: body.supportingDocumentIds ?? [],
        },
      );
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertItem(tx, {
          ...listingColumnsFrom(body),
          title: body.title,
          description: body.description,
          category: body.category,
          userId: caller.id,
          certifications: body.certifications ?? [],
          deliveryLocations: body.deliveryLocations ?? [],
          attachments: refs.attachments,
          supportingDocumentIds: refs.supportingDocumentIds,
        });
        await uploads.syncLinks(tx, 'catalogue_item', created.id, refs.keys, []);
        await queueMatching(ctx, tx, 'catalogue_item', created.id);
        return created;
      });
      wakeMatching(ctx);
      return toCatalogueItem(row, caller.companyName);
    },

    async get(caller: Principal, id: string): Promise<CatalogueItem> {
      const row = await repo.findItem(db, id);
      if (!row || !canViewCatalogueItem(row, caller)) throw notFound();
      // A buyer's or another supplier's view counts for the owner's dashboard (docs/product.md section 2);
      // the owner's own visits and the admins' moderation do not. Counting is best effort: a
      // failure is logged and the item is still answered.
      if (row.userId !== caller.id && caller.role !== 'admin' && !viewed.has(id, caller.id)) {
        await repo.recordView(db, id, caller.id).then(
          () => viewed.add(id, caller.id),
          (err: unknown) => ctx.log.warn({ err, catalogueItemId: id }, 'catalogue item view not recorded'),
        );
      }
      return toCatalogueItem(row, row.companyName);
    },

    async update(caller: Principal, id: string, body: UpdateCatalogueItemBody): Promise<CatalogueItem> {
      const current = await owned(caller, id);
      const touchesFiles = body.attachments !== undefined || body.supportingDocumentIds !== undefined;
      const refs = touchesFiles
        ? await uploads.prepareRefs(
            caller.id,
            { type: 'catalogue_item', id },
            {
              attachments: body.attachments ?? current.attachments,
              supportingDocumentIds: body.supportingDocumentIds ?? current.supportingDocumentIds,
            },
          )
        : null;
      let dropped: string[] = [];
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockItem(tx, id);
        if (!locked || locked.userId !== caller.id) throw notFound();
        const category = body.category ?? locked.category;
        const subcategories = effectiveSubcategories(
          category,
          body.subcategories,
          locked.subcategories,
          category !== locked.category,
        );
        const cols = listingColumnsFrom(body);
        if (cols.valuePence === null) {
          throw new AppError('VALIDATION_FAILED', 'A catalogue item needs a price', [
            { path: 'value', message: 'Enter a price' },
          ]);
        }
        const next = await repo.updateItem(tx, id, {
          ...cols,
          ...(subcategories ? { subcategories } : {}),
          ...(body.certifications ? { certifications: body.certifications } : {}),
          ...(body.deliveryLocations ? { deliveryLocations: body.deliveryLocations } : {}),
          ...(refs ? { attachments: refs.attachments, supportingDocumentIds: refs.supportingDocumentIds } : {}),
        });
        if (refs) dropped = await uploads.syncLinks(tx, 'catalogue_item', id, refs.keys, uploads.keysOf(locked));
        await queueMatching(ctx, tx, 'catalogue_item', id);
        return next;
      });
      await uploads.removeStored(dropped);
      wakeMatching(ctx);
      return toCatalogueItem(row, current.companyName);
    },

    async remove(caller: Principal, id: string): Promise<void> {
      await owned(caller, id);
      const keys = await db.transaction(async (tx) => {
        const locked = await repo.lockItem(tx, id);
        if (!locked || locked.userId !== caller.id) throw notFound();
        const linked = await uploads.unlinkAll(tx, 'catalogue_item', id);
        await repo.deleteItem(tx, id);
        return linked;
      });
      await uploads.removeStored(keys);
    },

    /**
     * GET /api/catalogue: a supplier sees their own catalogue (or everyone's with scope=all, the
     * marketplace view); buyers and admins browse everyone's.
     */
    list(caller: Principal, q: CatalogueListQuery) {
      return page(caller.role === 'supplier' && q.scope !== 'all' ? { ownerId: caller.id } : {}, q);
    },

    /** Many items without files in ONE transaction (the bulk import): all are created or none. */
    async createMany(caller: Principal, bodies: CreateCatalogueItemBody[]): Promise<string[]> {
      if (bodies.length === 0) return [];
      const ids = await db.transaction(async (tx) => {
        const created = await repo.insertItems(
          tx,
          bodies.map((body) => ({
            ...listingColumnsFrom(body),
            title: body.title,
            description: body.description,
            category: body.category,
            userId: caller.id,
            certifications: body.certifications ?? [],
            deliveryLocations: body.deliveryLocations ?? [],
            attachments: [],
            supportingDocumentIds: [],
          })),
        );
        for (const id of created) await queueMatching(ctx, tx, 'catalogue_item', id);
        return created;
      });
      wakeMatching(ctx);
      return ids;
    },

    /** GET /api/catalogue/user/{id}: one supplier's items (catalogues are public to signed-in users). */
    listByUser(_caller: Principal, userId: string, q: CatalogueListQuery) {
      return page({ ownerId: userId }, q);
    },
  };
}
