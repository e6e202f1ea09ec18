/**
 * Vitest globalSetup of the browser tests: starts the server once on a new DATA_DIR (initdb,
 * migrations, demo seeds, key file), stops it, and keeps that directory as the template each
 * spec's server starts from (a copy per server, so specs stay isolated).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { launchServer } from "./server.ts";

export default async function setup(project: TestProject): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), "seoltab-e2e-template-"));
  const server = await launchServer({}, template, true);
  await server.stop();
  project.provide("e2eTemplateDataDir", template);
  return () => rmSync(template, { recursive: true, force: true });
}
