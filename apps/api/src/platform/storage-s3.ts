/**
 * The S3-compatible adapter of the file storage port (issue #12; DESIGN.md §5; decision 026):
 * `STORAGE_ADAPTER=s3`. Objects live in one private bucket under the port's random keys
 * (`<prefix>/<uuid>`, no personal data); the server writes, reads and deletes them with the AWS
 * SDK v3 (`@aws-sdk/client-s3`), and browsers upload documents straight to the bucket with a
 * presigned POST (`@aws-sdk/s3-presigned-post`) whose policy fixes the key, the stored
 * Content-Type (application/octet-stream) and the size (`content-length-range` 1..maxBytes).
 * The server never trusts such an upload before it has read the object back and sniffed it
 * (modules/tutor-applications confirmUpload).
 *
 * AWS S3 by default (virtual-hosted addresses, `https://<bucket>.s3.<region>.amazonaws.com`);
 * with `endpoint` any S3-compatible store, addressed path-style (`<endpoint>/<bucket>/<key>`).
 * Checksums are sent and checked only where the S3 API requires them, so stores that do not know
 * the SDK's newer default checksums (CRC32 on every PutObject) accept the requests too.
 * Nothing here logs a file's bytes; SDK errors carry the key, never the content.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import {
  FileTooLargeError,
  isStorageKey,
  newStorageKey,
  type FileStorage,
  type PresignedUpload,
} from "./storage.ts";

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible store's address (no trailing slash); undefined: AWS S3 of `region`. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Every object is stored as opaque bytes; the sniffed type lives in the area's table. */
const STORED_CONTENT_TYPE = "application/octet-stream";

/**
 * The origin browsers post uploads to (CSP `connect-src` allows it when S3 is configured):
 * the endpoint's origin, else the bucket's AWS S3 host (path-style host for bucket names with
 * dots, which virtual-hosted TLS cannot serve — as the SDK itself chooses).
 */
export function s3UploadOrigin(
  settings: Pick<S3StorageSettings, "bucket" | "region" | "endpoint">,
) {
  if (settings.endpoint) return new URL(settings.endpoint).origin;
  return settings.bucket.includes(".")
    ? `https://s3.${settings.region}.amazonaws.com`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error("bad storage key");
  return key;
}

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The S3 adapter; `uploadOrigin` is where `presignUpload` sends browsers. */
export function s3FileStorage(
  settings: S3StorageSettings,
): FileStorage & Required<Pick<FileStorage, "presignUpload">> & { uploadOrigin: string } {
  const client = new S3Client({
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const uploadOrigin = s3UploadOrigin(settings);

  return {
    uploadOrigin,
    async put(prefix, bytes) {
      const Key = newStorageKey(prefix);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: STORED_CONTENT_TYPE,
        }),
      );
      return Key;
    },

    async get(key, options) {
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const body = response.Body;
      if (!body) return Buffer.alloc(0);
      const size = response.ContentLength;
      if (options?.maxBytes !== undefined && size !== undefined && size > options.maxBytes) {
        // Not read: the connection is released without downloading the object.
        (body as { destroy?: () => void }).destroy?.();
        throw new FileTooLargeError(size);
      }
      const bytes = Buffer.from(await body.transformToByteArray());
      if (options?.maxBytes !== undefined && bytes.length > options.maxBytes) {
        throw new FileTooLargeError(bytes.length);
      }
      return bytes;
    },

    async delete(key) {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async presignUpload(prefix, { maxBytes, expiresSeconds }): Promise<PresignedUpload> {
      const Key = newStorageKey(prefix);
      const expiresAt = new Date(Date.now() + expiresSeconds * 1000);
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key,
        // Fields are added to the policy as exact matches (with bucket and key).
        Fields: { "Content-Type": STORED_CONTENT_TYPE },
        Conditions: [["content-length-range", 1, maxBytes]],
        Expires: expiresSeconds,
      });
      if (new URL(url).origin !== uploadOrigin) {
        // The CSP would block the browser's POST: a configuration the adapter does not know.
        throw new Error(`S3 upload address ${new URL(url).origin} is not ${uploadOrigin}`);
      }
      return { key: Key, url, fields, expiresAt };
    },
  };
}
