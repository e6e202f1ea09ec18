/**
 * Measures the operations console's search (issue 16; issue 19 target: p99 <= 50 ms at 1M
 * payments) at scale on a PostgreSQL server:
 * `npx tsx scripts/admin-search-scale.ts [payments] [--keep]` (default 100000). Creates a
 * scratch database `admin_search_scale` on ADMIN_BENCH_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), applies the migrations, fills users (one per 4
 * payments, with phones), one billing card each and the payments, ANALYZEs, then times every
 * search key through the console's repository (the first page of 20, every key the text is read
 * as asked at once as the search service does) and drops the database.
 *
 * Timing per case: ADMIN_SEARCH_WARMUP runs (default 5) are thrown away, then up to
 * ADMIN_SEARCH_RUNS runs (default 100), stopping early once ADMIN_SEARCH_CASE_MS (default 30000
 * ms) of measured time is spent; p50 / p95 / p99 (nearest rank, ms) and the run count printed.
 *
 * `--keep` (or ADMIN_SEARCH_KEEP=1): the database is kept at the end, and an existing one that
 * already holds exactly `payments` payments is reused (migrations applied again, no refill) —
 * filling 1M rows takes minutes. Drop it by hand: `drop database admin_search_scale`.
 * Figures go to docs/performance.md by hand.
 */
import { performance } from "node:perf_hooks";
import { openDatabase, sql } from "@seoltab/db";
import { planAdminSearch, type AdminSearchKey } from "@seoltab/domain/admin";
import { searchByKey } from "../apps/api/src/modules/admin/admin.repository.ts";

const payments = Number(process.argv[2] ?? 100_000);
const users = Math.max(1, Math.floor(payments / 4));
const adminUrl = process.env.ADMIN_BENCH_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "admin_search_scale";
const keep = process.argv.includes("--keep") || process.env.ADMIN_SEARCH_KEEP === "1";
const warmup = Number(process.env.ADMIN_SEARCH_WARMUP ?? 5);
const maxRuns = Number(process.env.ADMIN_SEARCH_RUNS ?? 100);
const caseBudgetMs = Number(process.env.ADMIN_SEARCH_CASE_MS ?? 30_000);

/** Nearest-rank percentile (`q` in 0..1) of ascending `sorted` times, ms. */
function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const admin = await openDatabase({ kind: "postgres", url: adminUrl, poolSize: 1 });
/** The rows of a raw query on the PostgreSQL driver (node-postgres QueryResult). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const exists =
  rowsOf(await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`)).length > 0;
if (!keep || !exists) {
  await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.db.execute(sql.raw(`create database ${name}`));
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const h = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
try {
  await h.migrate();
  const held = await h.db.execute(sql`select count(*)::int as n from payments`);
  const heldRows = rowsOf<{ n: number }>(held)[0]?.n ?? 0;
  if (keep && heldRows === payments) {
    await h.db.execute(sql`analyze`);
    console.log(`reusing ${name}: ${payments} payments already there (--keep)`);
  } else {
    if (heldRows)
      throw new Error(`${name} holds ${heldRows} payments, not ${payments}: drop it first`);
    const t0 = performance.now();
    await h.db.execute(sql`
    insert into users (email, password_hash, user_type, name, phone, parent_phone, created_at)
    select 'bench' || g || '@example.com', 'x', 'STUDENT',
           (array['김','이','박','최','정'])[1 + g % 5] || (array['하늘','바다','서연','민준','지우','도윤'])[1 + g % 6] || g,
           '010' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           '010' || lpad(((g::bigint * 104729) % 100000000)::text, 8, '0'),
           now() - (g || ' minutes')::interval
    from generate_series(1, ${users}) g`);
    await h.db.execute(sql`
    insert into billing_cards (user_id, registered_by_user_id, billing_key, name, company_name, number_masked, card_type)
    select u.id, u.id, 'bench-key-' || u.id, '카드', '카드사',
           lpad(((u.id * 37) % 10000)::text, 4, '0') || '-' || lpad(((u.id * 53) % 10000)::text, 4, '0') || '-****-' || lpad(((u.id * 91) % 10000)::text, 4, '0'),
           'CREDIT_CARD'
    from users u where u.email like 'bench%'`);
    await h.db.execute(sql`
    insert into payments (merchant_uid, request_hash, user_id, initiator, payment_method, state, name,
                          products_price, discounted_value, paid_price, billing_card_id, gateway_payment_id, created_at)
    select 'bench-' || g, repeat('0', 64), c.user_id, 'USER', 'BILLING_CARD', 'PAID', '스마트 수학',
           189000, 0, 189000, c.id, 'imp_bench_' || g, now() - (g || ' seconds')::interval
    from generate_series(1, ${payments}) g
    join billing_cards c on c.id = (select min(id) from billing_cards) + (g % ${users})`);
    await h.db.execute(sql`analyze`);
    console.log(
      `filled ${payments} payments, ${users} users in ${Math.round(performance.now() - t0)} ms`,
    );
  }

  const cases: [string, string][] = [
    ["PAYMENT_ID / USER_ID / PACKAGE_ID / PHONE", String(Math.floor(payments / 2))],
    ["IMP_UID / MERCHANT_UID", `imp_bench_${Math.floor(payments / 3)}`],
    ["FIRST_EIGHT_CARD_NUMBER", "0037-0053"],
    ["LAST_FOUR_CARD_NUMBER (+ ids, phone)", "0091"],
    ["PHONE (8 digits, anywhere)", "12345678".slice(0, 8)],
    ["USER_NAME (2 characters, anywhere)", "하늘"],
    ["USER_NAME (partial with digits)", "민준12"],
    ["USER_ID (email part)", "ench12@"],
  ];
  for (const [label, text] of cases) {
    const plan = planAdminSearch(text);
    const run = async () =>
      Promise.all(
        plan.keys.map((key: AdminSearchKey) =>
          searchByKey(h.db, key, { ...plan, accessKeyHash: "" }, null, 21),
        ),
      );
    for (let i = 0; i < warmup; i++) await run();
    const times: number[] = [];
    let found = 0;
    let spent = 0;
    while (times.length < maxRuns && (times.length === 0 || spent < caseBudgetMs)) {
      const s = performance.now();
      found = (await run()).flat().length;
      const took = performance.now() - s;
      times.push(took);
      spent += took;
    }
    times.sort((a, b) => a - b);
    const f = (q: number) => percentile(times, q).toFixed(1);
    console.log(
      `${label.padEnd(42)} "${text}" keys=${plan.keys.join(",")} rows=${found} runs=${times.length} p50=${f(0.5)} p95=${f(0.95)} p99=${f(0.99)} max=${times.at(-1)!.toFixed(1)} ms`,
    );
  }
} finally {
  await h.close();
  if (keep) console.log(`kept database ${name} (--keep)`);
  else await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
