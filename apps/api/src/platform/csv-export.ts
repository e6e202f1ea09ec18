/**
 * CSV exports for Korean Excel (issue 16 "Export"; DESIGN.md §10; docs/api/audit.md): UTF-8
 * with a byte-order mark (Excel opens it as UTF-8, not CP949), CRLF line ends, cells starting
 * with `=`, `+`, `-`, `@`, tab or CR prefixed with `'` so Excel never runs them as formulas
 * (csv-stringify `escape_formulas`), and rows streamed from an async source into the HTTP
 * response with back-pressure: the list is never held in memory, whatever its size.
 *
 * Card numbers are masked before they reach a cell (`maskCardForExport`); the caller writes the
 * SECURITY entry of the export (platform/audit.ts `recordSecurityEvent`).
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";

/** One column: its Korean header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Options of csv-stringify used for every export (exported for tests). */
export const CSV_OPTIONS = {
  bom: true,
  header: true,
  record_delimiter: "windows",
  escape_formulas: true,
} as const;

/**
 * A Readable of CSV text (BOM, header line, one line per row) pulled from `rows` as the reader
 * consumes it. `rows` is read lazily, one item at a time: pass a keyset-paging generator.
 */
export function csvStream<Row>(rows: AsyncIterable<Row>, columns: CsvColumn<Row>[]): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map((c) => {
          const v = c.value(row);
          return v === null || v === undefined ? "" : v;
        });
      }
    })(),
    { objectMode: true, highWaterMark: 64 },
  );
  const stringifier = stringify({
    ...CSV_OPTIONS,
    columns: columns.map((c, i) => ({ key: String(i), header: c.header })),
  });
  source.on("error", (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/**
 * Sends `rows` as a CSV attachment named `filename` (ASCII name plus an RFC 5987 UTF-8 name),
 * not cached. A failure after the first bytes ends the response early (the client sees a
 * truncated download; the error is logged by Fastify).
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  rows: AsyncIterable<Row>,
  columns: CsvColumn<Row>[],
): FastifyReply {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header(
      "content-disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header("cache-control", "no-store");
  return reply.send(csvStream(rows, columns));
}

/**
 * A card number safe for a cell: only the first 8 and last 4 digits of what is stored are
 * kept, every other digit becomes `*` ("42424242****4242"); anything that is not 12..19
 * digits/stars becomes "****". Null stays empty.
 */
export function maskCardForExport(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const chars = stored.replace(/[^\d*]/g, "");
  if (chars.length < 12 || chars.length > 19) return "****";
  return chars
    .split("")
    .map((c, i) => (i < 8 || i >= chars.length - 4 ? c : "*"))
    .join("");
}

/** A bank account number safe for a cell: every digit but the last 4 becomes `*`. */
export function maskAccountForExport(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const digits = stored.replace(/\D/g, "");
  if (digits.length <= 4) return "*".repeat(digits.length);
  return "*".repeat(digits.length - 4) + digits.slice(-4);
}

/** An instant as Asia/Seoul wall time "YYYY-MM-DD HH:mm:ss" (Korea has no DST: UTC+9). */
export function seoulDateTime(at: Date | null | undefined): string | null {
  if (!at) return null;
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
}
