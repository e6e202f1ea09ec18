import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, ok } from "../../test/fetch-mock";
import { uploadTutorFile } from "./api";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const FILE = {
  ID: "7",
  KIND: "VOICE_ANSWER",
  CONTENT_TYPE: "audio/webm",
  SIZE_BYTES: 5,
  DURATION_SECONDS: 42,
  URL: "/hub/tutor-application/files/7",
};

const PRESIGNED = {
  MODE: "PRESIGNED_POST",
  URL: "https://files.example.com/seoltab-files",
  FIELDS: { bucket: "seoltab-files", key: "tutor-applications/k", Policy: "cG9saWN5" },
  KEY: "tutor-applications/k",
  MAX_BYTES: 10,
  EXPIRES_AT: "2026-11-24T10:05:00.000Z",
};

describe("uploadTutorFile", () => {
  it("with S3: asks for the target, posts the form to the bucket without the token, confirms the key", async () => {
    localStorage.setItem("token", "login-token");
    const { calls } = mockFetch({
      "POST /hub/tutor-application/files/target": () => ok(PRESIGNED),
      "POST /seoltab-files": () => new Response(null, { status: 204 }),
      "POST /hub/tutor-application/files/confirm": () => ok({ FILE }),
    });
    const blob = new Blob(["voice"], { type: "audio/webm" });
    expect(await uploadTutorFile("VOICE_ANSWER", blob, 42)).toEqual(FILE);

    expect(calls.map((c) => c.url)).toEqual([
      "/hub/tutor-application/files/target",
      "/seoltab-files",
      "/hub/tutor-application/files/confirm",
    ]);
    expect(calls[0]!.body).toEqual({ kind: "VOICE_ANSWER" });
    const form = calls[1]!.body as FormData;
    expect([...form.keys()]).toEqual(["bucket", "key", "Policy", "file"]);
    expect(form.get("key")).toBe("tutor-applications/k");
    expect(calls[1]!.headers.authorization).toBeUndefined();
    expect(calls[1]!.credentials).toBe("omit");
    expect(calls[2]!.body).toEqual({
      kind: "VOICE_ANSWER",
      key: "tutor-applications/k",
      durationSeconds: 42,
    });
  });

  it("on disk (DIRECT): sends the bytes to the hub as before", async () => {
    const { calls } = mockFetch({
      "POST /hub/tutor-application/files/target": () => ok({ MODE: "DIRECT" }),
      "POST /hub/tutor-application/files": () => ok({ FILE }),
    });
    const blob = new Blob(["%PDF-1.4"], { type: "application/pdf" });
    await uploadTutorFile("ENROLLMENT_PROOF", blob);
    expect(calls[1]!.url).toBe("/hub/tutor-application/files?kind=ENROLLMENT_PROOF");
    expect(calls[1]!.headers["content-type"]).toBe("application/pdf");
    expect(calls[1]!.body).toBe(blob);
  });

  it("says so in Korean when the bucket refuses a file over the cap, and confirms nothing", async () => {
    const { calls } = mockFetch({
      "POST /hub/tutor-application/files/target": () => ok({ ...PRESIGNED, MAX_BYTES: 100 }),
      "POST /seoltab-files": () =>
        new Response("<Error><Code>EntityTooLarge</Code></Error>", { status: 400 }),
    });
    await expect(
      uploadTutorFile("ENROLLMENT_PROOF", new Blob(["%PDF-1.4"], { type: "application/pdf" })),
    ).rejects.toMatchObject({
      message: "파일은 10MB까지 올릴 수 있어요.",
      errorCode: "file_too_large",
    });
    expect(calls).toHaveLength(2);

    // Over MAX_BYTES the browser does not even post.
    const big = new Blob(["x".repeat(11)]);
    mockFetch({ "POST /hub/tutor-application/files/target": () => ok(PRESIGNED) });
    await expect(uploadTutorFile("ENROLLMENT_PROOF", big)).rejects.toMatchObject({
      errorCode: "file_too_large",
    });
  });
});
