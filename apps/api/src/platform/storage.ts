/**
 * The file storage port (issue #12; DESIGN.md §5 "ports with real adapters"): uploaded documents,
 * voice answers and, later, lesson-request attachments. Areas keep the metadata (kind, sniffed
 * content type, size, SHA-256) in their own tables and the bytes here under a random key that
 * carries no personal data. Nothing here logs a file's content or name.
 *
 * Adapters: local disk under `DATA_DIR/uploads` (the default, and the one `npm start` and the
 * tests use) and memory (tests that must not touch the disk). An S3-compatible adapter is the
 * production target (decision 026); until it exists production keeps files on the server's disk.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export interface FileStorage {
  /** Stores `bytes` under a new random key below `prefix` (e.g. "tutor-applications"). */
  put(prefix: string, bytes: Buffer): Promise<string>;
  /** The bytes of `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

function newKey(prefix: string): string {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`bad storage prefix: ${prefix}`);
  return `${prefix}/${randomUUID()}`;
}

/** Files under `root` (created on first write); keys never escape it. */
export function diskFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error("bad storage key");
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error("bad storage key");
    return path;
  };
  return {
    async put(prefix, bytes) {
      const key = newKey(prefix);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600, flag: "wx" });
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Files in memory (tests). */
export function memoryFileStorage(): FileStorage & { size(): number } {
  const files = new Map<string, Buffer>();
  return {
    async put(prefix, bytes) {
      const key = newKey(prefix);
      files.set(key, Buffer.from(bytes));
      return key;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    size: () => files.size,
  };
}

/** The storage of a data directory: `<dataDir>/uploads`. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, "uploads");
}
