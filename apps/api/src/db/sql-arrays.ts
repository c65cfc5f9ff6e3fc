/**
 * A PostgreSQL array literal passed as one parameter (`${textArray(ids)}::uuid[]`): drizzle would
 * spread a JavaScript array into a row of parameters. Quotes and backslashes are escaped, so any
 * text is safe inside it.
 */
export const textArray = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
