/**
 * Rules of docs/product.md section 2 "Profile view" and section 4, kept free of React so they are tested
 * on their own.
 */

/** The profile id passed in navigation state ({ userId }, or { id }), if it is one. */
export function profileIdFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as { userId?: unknown; id?: unknown };
  const id = typeof s.userId === 'string' ? s.userId : typeof s.id === 'string' ? s.id : null;
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** The layout follows the viewer's stored role: a buyer sees the supplier layout, a supplier the buyer layout. */
export function profileLayoutFor(viewerRole: string | null | undefined): 'supplier' | 'buyer' {
  return viewerRole === 'supplier' ? 'buyer' : 'supplier';
}

/** Current-project status ongoing is shown as Ongoing; any other value as given. */
export function projectStatusLabel(status: string): string {
  return status === 'ongoing' ? 'Ongoing' : status;
}
