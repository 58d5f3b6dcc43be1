import pg from 'pg';
import { captureRouteSql } from './bare-sql.ts';
const url = process.env.URL!;
const c = new pg.Client({ connectionString: url });
await c.connect();
const one = async (q: string, v: unknown[]) => (await c.query(q, v)).rows[0].id as string;
const merchantId = await one("select id from organisations where slug = 'large-wholesale'", []);
const customerUserId = await one("select id from users where email = 'customer@large-wholesale.test'", []);
const customerOrganisationId = await one('select organisation_id as id from memberships where user_id = $1', [customerUserId]);
const customerAccountId = await one('select id from customer_accounts where merchant_id = $1 and customer_organisation_id = $2', [merchantId, customerOrganisationId]);
const lit = (v: unknown): string => Array.isArray(v) ? c.escapeLiteral(`{${v.map((x) => JSON.stringify(x)).join(',')}}`) : v === null || v === undefined ? 'null' : c.escapeLiteral(String(v));
for (const search of (process.env.SEARCHES ?? 'milk,barista,oat milk').split(',')) {
  const queries = await captureRouteSql(url, { kind: 'catalogue', viewer: { merchantId, customerAccountId }, userId: customerUserId, customerOrganisationId, query: { customer_organisation_id: customerOrganisationId, limit: '50', ...(search ? { search } : {}) } });
  console.log(`\n===== ${search || '(first page)'}: ${queries.length} statements`);
  for (const [i, q] of queries.entries()) {
    if (process.env.TEXT) console.log(q.text, q.values);
    const name = `s${i}_${search.replace(/\W/g, '')}`;
    await c.query(`prepare ${name} as ${q.text}`);
    const args = q.values.length ? `(${q.values.map(lit).join(', ')})` : '';
    for (let k = 0; k < 6; k++) await c.query(`execute ${name}${args}`);
    const t0 = performance.now();
    const N = 200;
    for (let k = 0; k < N; k++) await c.query(`execute ${name}${args}`);
    const ms = (performance.now() - t0) / N;
    const plan = (await c.query(`explain (analyze, buffers) execute ${name}${args}`)).rows.map((r) => r['QUERY PLAN']);
    console.log(`--- statement ${i}: ${ms.toFixed(3)} ms per round trip`);
    if (process.env.PLANS) console.log(plan.join('\n'));
    else console.log(plan.filter((l: string) => /Execution Time|Planning Time|^\s*Buffers/.test(l)).slice(-3).join('\n'));
  }
}
await c.end();
