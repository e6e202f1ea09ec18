import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FAQ_CATEGORIES, FAQ_ITEMS, HOME_FAQ_ITEMS } from "./faq";

/**
 * The FAQ rows the marketing backend is seeded with (the published content): migration 0004,
 * then the answer updates of later content migrations (e.g. 0011, issue #11 item 2).
 */
function migrationRows() {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = join(here, "../../../../packages/db/migrations");
  const sql = readFileSync(join(dir, "0004_faq_content.sql"), "utf8");
  const rows = [...sql.matchAll(/\((\d+), '([^']*)', '([^']*)', '([^']*)', (\d+)\)/g)].map((m) => ({
    id: m[1] ?? "",
    category: m[2] ?? "",
    question: m[3] ?? "",
    answer: m[4] ?? "",
    sortOrder: Number(m[5]),
  }));
  const later = readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && f > "0004")
    .sort();
  for (const file of later) {
    const text = readFileSync(join(dir, file), "utf8");
    const updates = text.matchAll(
      /UPDATE "faqs" SET "answer" = '([^']*)' WHERE "id" = (\d+) AND "answer" = '([^']*)'/g,
    );
    for (const [, answer, id, previous] of updates) {
      const row = rows.find((r) => r.id === id && r.answer === previous);
      if (row) row.answer = answer ?? "";
    }
  }
  return rows;
}

describe("static FAQ copy", () => {
  it("is the backend's FAQ: same questions and answers, in the same categories", () => {
    const rows = migrationRows();
    expect(rows.length).toBeGreaterThan(10);
    const fromSql = rows.map(({ id, category, question, answer }) => ({
      id,
      category,
      question,
      answer,
    }));
    const fromCopy = FAQ_CATEGORIES.flatMap((c) =>
      c.items.map((item) => ({ ...item, category: c.category })),
    );
    const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
    expect(fromCopy.sort(byId)).toEqual(fromSql.sort(byId));
  });

  it("orders questions within a category as the backend does", () => {
    const rows = migrationRows();
    for (const { category, items } of FAQ_CATEGORIES) {
      const expected = rows
        .filter((r) => r.category === category)
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((r) => r.id);
      expect(
        items.map((i) => i.id),
        category,
      ).toEqual(expected);
    }
  });

  it("shows the categories in display order and never says a refund is impossible", () => {
    expect(FAQ_CATEGORIES.map((c) => c.category)).toEqual([
      "수업",
      "선생님",
      "태블릿",
      "결제·환불",
      "학부모",
    ]);
    const refund = FAQ_ITEMS.find((i) => i.question === "환불은 어떻게 하나요?");
    expect(refund?.answer).toContain("법정 환불 기준");
    expect(HOME_FAQ_ITEMS.map((i) => i.id)).toEqual(["1", "4", "7", "11"]);
  });
});
