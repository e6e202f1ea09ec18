/**
 * Uploads as raw request bodies, checked by their bytes (issue #12, used by every area that takes
 * files: tutor applications, lesson requests). The claimed Content-Type never decides: the bytes
 * are sniffed with `file-type`; a claim that disagrees with them is refused. Nothing here logs a
 * file's bytes or name.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../errors.ts";

/** Largest upload, bytes (10 MB). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  empty: "빈 파일은 올릴 수 없어요.",
  tooLarge: "파일은 10MB까지 올릴 수 있어요.",
  forged: "파일 내용이 알려 준 형식과 달라요. 원본 파일을 올려 주세요.",
} as const;

/** A sniffed type in the family of the allowed list (webm/mp4 audio is sniffed as video). */
export function normaliseType(mime: string): string {
  const base = mime.split(";")[0]!.trim().toLowerCase();
  const aliases: Record<string, string> = {
    "video/webm": "audio/webm",
    "video/mp4": "audio/mp4",
    "audio/x-m4a": "audio/mp4",
    "audio/m4a": "audio/mp4",
    "audio/x-wav": "audio/wav",
    "audio/wave": "audio/wav",
    "audio/vnd.wave": "audio/wav",
    "audio/opus": "audio/ogg",
    "image/jpg": "image/jpeg",
    "audio/mp3": "audio/mpeg",
  };
  return aliases[base] ?? base;
}

/**
 * The checked upload: its sniffed content type, size and SHA-256.
 * @throws AppError validation `file_empty`; payload_too_large `file_too_large`;
 *   unsupported_media_type `file_type_not_allowed` (with `notAllowedMessage`) | `file_type_mismatch`
 */
export async function checkUpload(input: {
  bytes: Buffer;
  claimedType: string | undefined;
  allowed: readonly string[];
  notAllowedMessage: string;
}): Promise<{ contentType: string; sizeBytes: number; sha256: string }> {
  if (input.bytes.length === 0)
    throw new AppError("validation", "file_empty", UPLOAD_MESSAGES.empty);
  if (input.bytes.length > UPLOAD_MAX_BYTES) {
    throw new AppError("payload_too_large", "file_too_large", UPLOAD_MESSAGES.tooLarge);
  }
  const sniffed = await fileTypeFromBuffer(input.bytes);
  const type = sniffed ? normaliseType(sniffed.mime) : null;
  if (!type || !input.allowed.map(normaliseType).includes(type)) {
    throw new AppError("unsupported_media_type", "file_type_not_allowed", input.notAllowedMessage);
  }
  const claimed = input.claimedType ? normaliseType(input.claimedType) : undefined;
  if (claimed && claimed !== "application/octet-stream" && claimed !== type) {
    throw new AppError("unsupported_media_type", "file_type_mismatch", UPLOAD_MESSAGES.forged);
  }
  return {
    contentType: type,
    sizeBytes: input.bytes.length,
    sha256: createHash("sha256").update(input.bytes).digest("hex"),
  };
}

/**
 * Registers `routes` in a scope whose bodies are read as raw bytes of any type (up to
 * UPLOAD_MAX_BYTES), with body problems answered in Korean by the parent's error handler.
 */
export async function rawBodyScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((err) => {
      const code = (err as { code?: string }).code;
      if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new AppError("payload_too_large", "file_too_large", UPLOAD_MESSAGES.tooLarge);
      }
      if (code === "FST_ERR_CTP_EMPTY_JSON_BODY" || code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        throw new AppError("validation", "file_empty", UPLOAD_MESSAGES.empty);
      }
      throw err;
    });
    await routes(scope);
  });
}

/** Sends stored bytes as a private, never cached, never sniffed download. */
export function fileHeaders(contentType: string): Record<string, string> {
  return {
    "content-type": contentType,
    "content-disposition": "inline",
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}
