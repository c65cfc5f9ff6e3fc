import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
const s = await startEmbeddedPostgres({ dir: '/tmp/benchkeep/pg', password: 'benchbenchbench', port: 55432 });
console.log(JSON.stringify({ url: s.url }));
setInterval(() => {}, 1 << 30);
