/**
 * A local fake of the S3 HTTP API for tests (platform/storage-s3.ts): a node:http server on
 * 127.0.0.1 (a free port), path-style addresses (`/<bucket>/<key>`), one bucket, objects in
 * memory. It serves what the adapter and a browser use:
 *
 * - `PUT /<bucket>/<key>` (PutObject): the body must match `x-amz-content-sha256`; aws-chunked
 *   bodies are refused (501), as some S3-compatible stores do.
 * - `GET /<bucket>/<key>` (GetObject): the bytes, or 404 `NoSuchKey`.
 * - `DELETE /<bucket>/<key>` (DeleteObject): 204, for a missing key too.
 * - `POST /<bucket>` (presigned POST, an HTML form upload, multipart/form-data parsed with the
 *   WHATWG `Response.formData()` built into Node): checked as S3 does. The policy (base64 JSON)
 *   must carry a valid SigV4 signature for the fake's secret, must not have expired, and every
 *   condition must hold: exact fields (`{"key": "..."}`, `["eq", "$f", v]`), `starts-with`, and
 *   `content-length-range` on the file's size (over: 400 `EntityTooLarge`, under:
 *   `EntityTooSmall`). A form field the policy does not name is refused (403 AccessDenied), and
 *   `file` must be the last field. Success: 204 with no body.
 *
 * Requests to PUT/GET/DELETE must be signed by the fake's access key id (the signature itself is
 * the SDK's business). Errors are S3's XML `<Error><Code>…</Code>…</Error>` bodies.
 * `requests` records method, path and the headers that matter; `objects` holds what was stored.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The fake's current time (policy expiry); default the system clock. */
  clock?: () => Date;
}

export interface FakeS3Request {
  method: string;
  path: string;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** Header names starting with `x-amz-checksum` (the SDK's optional checksums). */
  checksumHeaders: string[];
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT to configure. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  requests: FakeS3Request[];
  /** The settings of an adapter (or STORAGE_ADAPTER=s3 env) pointed at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

type Condition = Record<string, string> | [string, ...unknown[]];

function xmlError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string | number> = {},
) {
  const more = Object.entries(extra)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join("");
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${more}<RequestId>FAKE</RequestId><HostId>fake-s3</HostId></Error>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** SigV4 signature of a POST policy: HMAC of the base64 policy with the derived signing key. */
export function signPolicy(
  policyBase64: string,
  secretAccessKey: string,
  date: string,
  region: string,
): string {
  const dateKey = hmac(`AWS4${secretAccessKey}`, date);
  const signingKey = hmac(hmac(hmac(dateKey, region), "s3"), "aws4_request");
  return createHmac("sha256", signingKey).update(policyBase64).digest("hex");
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "seoltab-test";
  const region = options.region ?? "ap-northeast-2";
  const accessKeyId = options.accessKeyId ?? "FAKEACCESSKEY";
  const secretAccessKey = options.secretAccessKey ?? "fake-secret-access-key";
  const clock = options.clock ?? (() => new Date());
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];

  async function formUpload(req: IncomingMessage, res: ServerResponse) {
    const contentType = req.headers["content-type"] ?? "";
    if (!contentType.startsWith("multipart/form-data")) {
      return xmlError(
        res,
        412,
        "PreconditionFailed",
        "Bucket POST must be of the enclosure-type multipart/form-data",
      );
    }
    const body = await readBody(req);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      return xmlError(
        res,
        400,
        "MalformedPOSTRequest",
        "The body of your POST request is not well-formed multipart/form-data.",
      );
    }
    const entries = [...form.entries()];
    const last = entries.at(-1);
    if (!last || last[0] !== "file" || typeof last[1] === "string") {
      return xmlError(
        res,
        400,
        "InvalidArgument",
        "POST requires exactly one file upload per request.",
      );
    }
    const file = last[1];
    const fields = new Map<string, string>();
    for (const [name, value] of entries.slice(0, -1)) {
      if (typeof value !== "string") {
        return xmlError(
          res,
          400,
          "InvalidArgument",
          "POST requires exactly one file upload per request.",
        );
      }
      fields.set(name.toLowerCase(), value);
    }
    const policyBase64 = fields.get("policy");
    const signature = fields.get("x-amz-signature");
    const credential = fields.get("x-amz-credential") ?? "";
    if (!policyBase64 || !signature) {
      return xmlError(
        res,
        403,
        "AccessDenied",
        "Bucket POST must contain a policy and a signature",
      );
    }
    const [credKeyId, credDate, credRegion, credService, credTerm] = credential.split("/");
    if (credKeyId !== accessKeyId) {
      return xmlError(
        res,
        403,
        "InvalidAccessKeyId",
        "The AWS Access Key Id you provided does not exist in our records.",
      );
    }
    if (credRegion !== region || credService !== "s3" || credTerm !== "aws4_request" || !credDate) {
      return xmlError(
        res,
        400,
        "AuthorizationQueryParametersError",
        "Error parsing the X-Amz-Credential parameter",
      );
    }
    if (signPolicy(policyBase64, secretAccessKey, credDate, region) !== signature) {
      return xmlError(
        res,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided.",
      );
    }
    let policy: { expiration?: string; conditions?: Condition[] };
    try {
      policy = JSON.parse(Buffer.from(policyBase64, "base64").toString("utf8"));
    } catch {
      return xmlError(res, 400, "InvalidPolicyDocument", "Invalid Policy: Invalid JSON.");
    }
    const expiration = policy.expiration ? Date.parse(policy.expiration) : NaN;
    if (!Number.isFinite(expiration) || expiration < clock().getTime()) {
      return xmlError(res, 403, "AccessDenied", "Invalid according to Policy: Policy expired.");
    }
    const valueOf = (name: string) => (name === "bucket" ? bucket : fields.get(name.toLowerCase()));
    const named = new Set<string>();
    const denied = (why: string) =>
      xmlError(res, 403, "AccessDenied", `Invalid according to Policy: ${why}`);
    for (const condition of policy.conditions ?? []) {
      if (!Array.isArray(condition)) {
        for (const [name, expected] of Object.entries(condition)) {
          named.add(name.toLowerCase());
          if (valueOf(name) !== expected) {
            return denied(`Policy Condition failed: ["eq", "$${name}", "${expected}"]`);
          }
        }
        continue;
      }
      const [op, ...args] = condition;
      if (op === "content-length-range") {
        const [min, max] = args as [number, number];
        if (file.size > max) {
          return xmlError(
            res,
            400,
            "EntityTooLarge",
            "Your proposed upload exceeds the maximum allowed size",
            {
              ProposedSize: file.size,
              MaxSizeAllowed: max,
            },
          );
        }
        if (file.size < min) {
          return xmlError(
            res,
            400,
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum allowed size",
            {
              ProposedSize: file.size,
              MinSizeAllowed: min,
            },
          );
        }
        continue;
      }
      const [ref, expected] = args as [string, string];
      const name = ref.replace(/^\$/, "").toLowerCase();
      named.add(name);
      const actual = valueOf(name) ?? "";
      if (
        op === "eq"
          ? actual !== expected
          : op === "starts-with"
            ? !actual.startsWith(expected)
            : true
      ) {
        return denied(`Policy Condition failed: ["${op}", "${ref}", "${expected}"]`);
      }
    }
    for (const name of fields.keys()) {
      if (name === "policy" || name === "x-amz-signature" || name.startsWith("x-ignore-")) continue;
      if (!named.has(name)) return denied(`Extra input fields: ${name}`);
    }
    const key = fields.get("key");
    if (!key)
      return xmlError(res, 400, "InvalidArgument", "Bucket POST must contain a field named 'key'.");
    objects.set(key, {
      bytes: Buffer.from(await file.arrayBuffer()),
      contentType: fields.get("content-type") ?? "binary/octet-stream",
    });
    res.writeHead(204, { etag: `"${createHash("md5").update(key).digest("hex")}"` });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake-s3");
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      contentType: req.headers["content-type"],
      contentEncoding: req.headers["content-encoding"],
      checksumHeaders: Object.keys(req.headers).filter((h) => h.startsWith("x-amz-checksum")),
    });
    if (bucketName !== bucket) {
      return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    }
    if (req.method === "POST" && key === "") return formUpload(req, res);
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      return xmlError(res, 403, "AccessDenied", "Access Denied");
    }
    if (!key) return xmlError(res, 400, "InvalidRequest", "A key is required");
    if (req.method === "PUT") {
      if (
        (req.headers["content-encoding"] ?? "").includes("aws-chunked") ||
        String(req.headers["x-amz-content-sha256"] ?? "").startsWith("STREAMING-")
      ) {
        return xmlError(res, 501, "NotImplemented", "aws-chunked uploads are not supported");
      }
      const body = await readBody(req);
      const declared = req.headers["x-amz-content-sha256"];
      if (
        typeof declared === "string" &&
        /^[0-9a-f]{64}$/.test(declared) &&
        createHash("sha256").update(body).digest("hex") !== declared
      ) {
        return xmlError(
          res,
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
      objects.set(key, {
        bytes: body,
        contentType: req.headers["content-type"] ?? "binary/octet-stream",
      });
      res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      return res.end();
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
      res.writeHead(200, {
        "content-type": object.contentType,
        "content-length": object.bytes.length,
      });
      return res.end(object.bytes);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return xmlError(
      res,
      405,
      "MethodNotAllowed",
      "The specified method is not allowed against this resource.",
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) xmlError(res, 500, "InternalError", String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: () => ({
      STORAGE_ADAPTER: "s3",
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
