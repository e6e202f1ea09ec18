import autocannon from "autocannon";
import { buildTestApp } from "../../test/test-app.ts";

const t = await buildTestApp();
const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
async function run(name: string, path: string, opts: Record<string, unknown>) {
  await autocannon({ url: address + path, connections: 50, duration: 2, ...opts });
  const r = await autocannon({ url: address + path, connections: 50, duration: 8, ...opts });
  console.log(name, "req/s", Math.round(r.requests.average), "p99", r.latency.p99, "non2xx", r.non2xx, "errors", r.errors);
}
const post = { method: "POST", body: "{}", headers: { "content-type": "application/json" } };
await run("healthz", "/healthz", {});
await run("Lecture_StoreItems", "/main/Lecture_StoreItems", post);
await run("Lecture_StoreItems nobody", "/main/Lecture_StoreItems", { method: "POST" });
await run("banner", "/main/seoltab_banner_info", post);
await run("healthz", "/healthz", {});
await t.close();
