// The yardstick of docs/design.md §8: Fastify + a JWT check + one primary-key query, nothing else.
import Fastify from 'fastify';
import { createVerifier } from 'fast-jwt';
import pg from 'pg';

const verify = createVerifier({ key: process.env.JWT_SECRET!, algorithms: ['HS256'], cache: 1000 });
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/item/:id', async (req, reply) => {
  try {
    verify((req.headers.authorization ?? '').slice(7));
  } catch {
    return reply.status(401).send({ error: 'unauthenticated' });
  }
  const { rows } = await pool.query('select id, email, company_name from users where id = $1', [
    (req.params as { id: string }).id,
  ]);
  return { data: rows[0] ?? null };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
