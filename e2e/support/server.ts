/** The server of the running journey file (set by server-setup.ts before its tests). */
/** `databaseUrl`: the journey file's own copy of the seeded database (for the clock: a deadline passing). */
export const server = { baseURL: '', dataDir: '', databaseUrl: '' };
