/**
 * The lint rules that keep areas apart (issue #10, eslint.config.js): a reach into another
 * area's internals fails, its public face passes; and no import cycles (dpdm).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const eslint = new ESLint({ cwd: root });

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("area boundaries (eslint.config.js)", () => {
  it("an area importing another area's repository fails", async () => {
    const hits = await rulesHit(
      'import { findPaymentById } from "../payments/payments.repository.ts";\nexport const f = findPaymentById;\n',
      "apps/api/src/modules/refunds/reach-in.ts",
    );
    expect(hits).toContain("no-restricted-imports");
  });

  it("a file in an area's sub-folder reaching into another area fails", async () => {
    const hits = await rulesHit(
      'import { mayActFor } from "../../accounts/users.service.ts";\nexport const f = mayActFor;\n',
      "apps/api/src/modules/payments/gateway/reach-in.ts",
    );
    expect(hits).toContain("no-restricted-imports");
  });

  it("app-level code reaching into an area fails", async () => {
    const hits = await rulesHit(
      'import { signIn } from "./modules/accounts/sessions.service.ts";\nexport const f = signIn;\n',
      "apps/api/src/reach-in.ts",
    );
    expect(hits).toContain("no-restricted-imports");
  });

  it("the public file, the index and the platform pass", async () => {
    const hits = await rulesHit(
      [
        'import { findPaymentById } from "../payments/payments.public.ts";',
        'import { paymentsModule } from "../payments/index.ts";',
        'import { insertAuditLog } from "../../platform/audit.ts";',
        "export const f = [findPaymentById, paymentsModule, insertAuditLog];",
        "",
      ].join("\n"),
      "apps/api/src/modules/refunds/allowed.ts",
    );
    expect(hits).toEqual([]);
  });

  it("an area opening drizzle's own transaction fails; withTransaction passes", async () => {
    const raw = await rulesHit(
      "export const f = (db: { transaction(fn: () => void): void }) => db.transaction(() => {});\n",
      "apps/api/src/modules/refunds/raw-transaction.ts",
    );
    expect(raw).toContain("no-restricted-syntax");
    const platform = await rulesHit(
      [
        'import { withTransaction } from "../../platform/transactions.ts";',
        "export const f = withTransaction;",
        "",
      ].join("\n"),
      "apps/api/src/modules/refunds/platform-transaction.ts",
    );
    expect(platform).toEqual([]);
  });

  describe("import cycles (dpdm; type-only imports are erased and may point back)", () => {
    const cyclesIn = async (patterns: string[]) =>
      parseCircular(
        await parseDependencyTree(patterns, {
          cwd: root,
          transform: true,
          extensions: [".ts", ".tsx", ".js"],
        }),
        true,
      );

    it("the api and the packages have none", async () => {
      expect(await cyclesIn(["apps/api/src/**/*.ts", "packages/*/src/**/*.ts"])).toEqual([]);
    });

    const dir = join(root, `apps/api/src/platform/zz-cycle-test-${process.pid}`);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("two files importing each other are found", async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "a.ts"),
        'import { b } from "./b.ts";\nexport const a = () => b();\n',
      );
      writeFileSync(
        join(dir, "b.ts"),
        'import { a } from "./a.ts";\nexport const b = () => a();\n',
      );
      const found = await cyclesIn([`${dir}/*.ts`]);
      expect(found).toHaveLength(1);
      expect(found[0]!.map((f) => f.split("/").pop()).sort()).toEqual(["a.ts", "b.ts"]);
    });
  });
});
