/**
 * The file storage port (issue #12; DESIGN.md §5 "ports with real adapters"): uploaded documents,
 * voice answers and, later, lesson-request attachments. Areas keep the metadata (kind, sniffed
 * content type, size, SHA-256) in their own tables and the bytes here under a random key that
 * carries no personal data. Nothing here logs a file's content or name.
 *
 * Adapters: local disk under `DATA_DIR/uploads` (the default, and the one `npm start` and the
 * tests use), memory (tests that must not touch the disk) and S3-compatible object storage
 * (`STORAGE_ADAPTER=s3`, platform/storage-s3.ts; decision 026), the only one that offers
 * `presignUpload` (the browser posts the file straight to the bucket).
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

/** Where and how a browser posts one file straight to the store (an HTML form POST). */
export interface PresignedUpload {
  /** The key the file will have; the policy allows this key only. */
  key: string;
  /** The form's action (the bucket's address). */
  url: string;
  /** Form fields to send, in this order, before the `file` field. */
  fields: Record<string, string>;
  /** After this instant the store refuses the form. */
  expiresAt: Date;
}

export interface FileStorage {
  /** Stores `bytes` under a new random key below `prefix` (e.g. "tutor-applications"). */
  put(prefix: string, bytes: Buffer): Promise<string>;
  /**
   * The bytes of `key`, or null when there are none.
   * @throws FileTooLargeError when `options.maxBytes` is given and the file is larger (the bytes
   *   are not read)
   */
  get(key: string, options?: { maxBytes?: number }): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A direct browser upload of one file of 1..`maxBytes` bytes under a new random key below
   * `prefix`, valid for `expiresSeconds`. Only stores a browser can reach offer it (S3); the
   * caller keeps the key and reads the object back before trusting it.
   */
  presignUpload?(
    prefix: string,
    options: { maxBytes: number; expiresSeconds: number },
  ): Promise<PresignedUpload>;
}

/** A stored file is larger than the caller allows (`get` with `maxBytes`). */
export class FileTooLargeError extends Error {
  constructor(readonly sizeBytes: number) {
    super(`stored file too large (${sizeBytes} bytes)`);
    this.name = "FileTooLargeError";
  }
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

/** Whether `key` has the shape of a key this port hands out (`<prefix>/<uuid>`). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** A new random key below `prefix` (lower-case letters, digits and dashes). */
export function newStorageKey(prefix: string): string {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`bad storage prefix: ${prefix}`);
  return `${prefix}/${randomUUID()}`;
}

const newKey = newStorageKey;

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
    async get(key, options) {
      try {
        const path = pathOf(key);
        if (options?.maxBytes !== undefined) {
          const { size } = await stat(path);
          if (size > options.maxBytes) throw new FileTooLargeError(size);
        }
        return await readFile(path);
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
    async get(key, options) {
      const bytes = files.get(key);
      if (!bytes) return null;
      if (options?.maxBytes !== undefined && bytes.length > options.maxBytes) {
        throw new FileTooLargeError(bytes.length);
      }
      return bytes;
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
