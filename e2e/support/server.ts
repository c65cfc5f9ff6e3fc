/** The server of the running journey file (set by server-setup.ts before its tests). */
export const server = { baseURL: '', dataDir: '' };
