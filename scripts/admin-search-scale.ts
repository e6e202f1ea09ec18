/**
 * Measures the operations console's search (issue 16) at scale on a PostgreSQL server:
 * `npx tsx scripts/admin-search-scale.ts [payments]` (default 100000). Creates a scratch
 * database `admin_search_scale` on ADMIN_BENCH_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), applies the migrations, fills users (one per 4
 * payments, with phones), one billing card each and the payments, ANALYZEs, then times every
 * search key through the console's repository (the first page of 20: the median of 5 runs after
 * a warm-up) and drops the database. Figures go to docs/performance.md by hand.
 */
import { performance } from "node:perf_hooks";
import { openDatabase, sql } from "@seoltab/db";
import { planAdminSearch, type AdminSearchKey } from "@seoltab/domain/admin";
import { searchByKey } from "../apps/api/src/modules/admin/admin.repository.ts";

const payments = Number(process.argv[2] ?? 100_000);
const users = Math.max(1, Math.floor(payments / 4));
const adminUrl = process.env.ADMIN_BENCH_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "admin_search_scale";

const admin = await openDatabase({ kind: "postgres", url: adminUrl, poolSize: 1 });
await admin.db.execute(sql.raw(`drop database if exists ${name}`));
await admin.db.execute(sql.raw(`create database ${name}`));
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const h = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
try {
  await h.migrate();
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
    await run();
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      found = (await run()).flat().length;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(42)} "${text}" keys=${plan.keys.join(",")} rows=${found} median=${times[2]!.toFixed(1)} ms`,
    );
  }
} finally {
  await h.close();
  await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
