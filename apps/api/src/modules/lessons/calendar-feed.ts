/**
 * Private calendar feeds (issue #14; RFC 5545 through `ical-generator`): a person's lessons as an
 * iCalendar URL they subscribe to from any calendar app — a tutor's lessons, a student's, or every
 * child's for a parent — four weeks back and eight ahead, each event keyed by the lesson's
 * recurrence id (stable across moves), cancelled ones as STATUS:CANCELLED. The URL's secret is
 * shown once; only its SHA-256 is stored; a new URL replaces the old, and revoking deletes it.
 * The secret sits in the path, which the request log serializer masks (app.ts `redactUrl`).
 */
import type { FastifyInstance } from "fastify";
import ical, { ICalEventStatus } from "ical-generator";
import { eq, schema, type Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import {
  OPAQUE_TOKEN_SHAPE,
  findChildren,
  findUserById,
  newOpaqueToken,
  sha256Hex,
  type AuthUser,
} from "../accounts/accounts.public.ts";
import { findLectureById } from "../lectures/lectures.public.ts";
import { findLessons } from "./lessons.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The path of a feed (the web puts its own origin in front). */
export const feedPath = (token: string) => `/calendar/${token}.ics`;

/** Creates (or replaces) the caller's feed; returns its path with the secret, shown once. */
export async function createFeed(db: Database, caller: AuthUser, now: Date): Promise<string> {
  const token = newOpaqueToken();
  const f = schema.calendarFeeds;
  await db
    .insert(f)
    .values({ userId: caller.userNo, tokenHash: sha256Hex(token), createdAt: now })
    .onConflictDoUpdate({ target: f.userId, set: { tokenHash: sha256Hex(token), createdAt: now } });
  return feedPath(token);
}

/** Revokes the caller's feed; true when there was one. */
export async function revokeFeed(db: Database, caller: AuthUser): Promise<boolean> {
  const f = schema.calendarFeeds;
  const rows = await db.delete(f).where(eq(f.userId, caller.userNo)).returning({ id: f.id });
  return rows.length > 0;
}

/** The iCalendar text of the feed whose secret is `token`, or null for an unknown one. */
export async function feedText(db: Database, token: string, now: Date): Promise<string | null> {
  if (!OPAQUE_TOKEN_SHAPE.test(token)) return null;
  const f = schema.calendarFeeds;
  const [feed] = await db
    .select()
    .from(f)
    .where(eq(f.tokenHash, sha256Hex(token)));
  if (!feed) return null;
  const user = await findUserById(db, feed.userId);
  if (!user) return null;
  const from = new Date(now.getTime() - 28 * DAY_MS);
  const to = new Date(now.getTime() + 56 * DAY_MS);
  const lessons =
    user.userType === "TEACHER"
      ? await findLessons(db, { tutorId: user.id }, from, to)
      : await findLessons(
          db,
          {
            userIds:
              user.userType === "PARENT"
                ? (await findChildren(db, user.id)).map((c) => c.id)
                : [user.id],
          },
          from,
          to,
        );
  // Times are written as UTC instants (DTSTART:…Z): ical-generator's `timezone` option without a
  // VTIMEZONE generator writes UTC digits as floating local time, 9 hours off in Seoul.
  const calendar = ical({ name: "설탭 수업", ttl: 60 * 60 });
  const titles = new Map<number, string>();
  const names = new Map<number, string>();
  for (const lesson of lessons) {
    if (!titles.has(lesson.lectureId)) {
      titles.set(lesson.lectureId, (await findLectureById(db, lesson.lectureId))?.title ?? "수업");
    }
    const other = user.userType === "TEACHER" ? lesson.userId : lesson.tutorUserId;
    if (other !== null && !names.has(other))
      names.set(other, (await findUserById(db, other))?.name ?? "");
    const who = other !== null ? names.get(other) : "";
    calendar.createEvent({
      id: `lesson-${lesson.lectureId}-${lesson.recurrenceId}@seoltab`,
      start: lesson.startsAt,
      end: lesson.endsAt,
      summary: `설탭 ${titles.get(lesson.lectureId)}${who ? ` · ${who}` : ""}`,
      description: lesson.note ?? undefined,
      status: lesson.state === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** GET /calendar/{secret}.ics: the feed, or 404 for an unknown or revoked secret. */
export async function calendarRoutes(
  app: FastifyInstance,
  db: Database,
  clock: Clock,
): Promise<void> {
  app.get<{ Params: { file: string } }>("/calendar/:file", async (request, reply) => {
    const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file);
    const text = match ? await feedText(db, match[1]!, clock.now()) : null;
    if (!text) {
      return reply.status(404).type("text/plain; charset=utf-8").send("캘린더를 찾을 수 없어요.");
    }
    return reply
      .type("text/calendar; charset=utf-8")
      .header("cache-control", "private, max-age=300")
      .send(text);
  });
}
