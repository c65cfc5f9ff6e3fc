import { fieldErrorsOf, errorMessage } from './api';

/**
 * Puts the server's field details (`body.title`, `subcategories.0`, `attachments.1.url`) next to
 * the matching form fields. Answers the message for what could not be placed (or null).
 */
export function applyServerErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }, opts?: { shouldFocus: boolean }) => void,
  fallback = 'Please check the form and try again.',
  /**
   * server field names that differ from the form's, e.g. { supportingDocumentIds: 'supportingDocuments' },
   * or nested ones, e.g. { 'requirements.pricing': 'reqPricing' }
   */
  aliases: Record<string, F> = {},
): string | null {
  const byPath = fieldErrorsOf(err);
  let placed = 0;
  let first = true;
  for (const [path, message] of Object.entries(byPath)) {
    const [head = '', sub] = path.split('.');
    // An alias may name a nested field (`requirements.pricing`) or a whole top-level one.
    const field = (aliases[`${head}.${sub}`] ?? aliases[head] ?? head) as F;
    if (fields.includes(field)) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
      placed++;
    }
  }
  if (placed > 0 && placed === Object.keys(byPath).length) return null;
  return errorMessage(err, fallback);
}
