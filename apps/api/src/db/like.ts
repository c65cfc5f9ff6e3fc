/**
 * A user's text inside a LIKE pattern: `%`, `_` and the escape character itself match only
 * themselves (PostgreSQL's default escape is the backslash).
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: rows containing the text anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** `text%`: rows starting with the text. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
