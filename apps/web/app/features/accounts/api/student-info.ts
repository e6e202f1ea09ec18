/**
 * A student's record for the account pages: POST /main/getUserInfo (docs/api/accounts.md) with
 * USER_NO of the student. The signed-in student's own record is the root store's userInfo
 * (refreshed by the app home, SPEC.md §4); a parent's child is fetched here, on its own, so a
 * failure shows 다시 시도 instead of logging the parent out.
 */
import { useCallback, useEffect, useState } from "react";
import { NETWORK_ERROR_MESSAGE, isRestError, restRequest } from "../../../lib/rest-client";
import { useRootStore, type CardInfo } from "../../../stores/root-store";
import { lessonsOf, type Lesson } from "../lessons";

/** The fields of a student's record the account pages show. */
export interface StudentInfo {
  USER_NO: number;
  USER_NAME?: string;
  EMAIL_ID?: string;
  PHONE?: string | null;
  GRADE?: string | null;
  CARD_INFO?: CardInfo | null;
  LECTURE_INFO?: unknown[];
}

/** POST /main/getUserInfo for `userNo` (a parent's child, or the student themself). */
export function fetchStudentInfo(userNo: number): Promise<StudentInfo> {
  return restRequest<StudentInfo>("main", "/getUserInfo", {
    body: { USER_NO: userNo, USER_TYPE: "STUDENT" },
  });
}

export type StudentInfoState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; lessons: Lesson[]; card: CardInfo | null };

/**
 * The lessons and main card of student `userNo`. `self`: the signed-in student (read from the
 * store); otherwise fetched, with `retry` after a failure.
 */
export function useStudentInfo(
  userNo: number | null,
  self: boolean,
): { state: StudentInfoState; retry: () => void } {
  const userInfo = useRootStore((s) => s.userInfo);
  const [fetched, setFetched] = useState<{ userNo: number; state: StudentInfoState } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (self || userNo === null) return;
    let live = true;
    fetchStudentInfo(userNo).then(
      (info) => {
        if (!live) return;
        setFetched({
          userNo,
          state: {
            status: "ready",
            lessons: lessonsOf(info.LECTURE_INFO),
            card: info.CARD_INFO ?? null,
          },
        });
      },
      (error: unknown) => {
        if (!live) return;
        setFetched({
          userNo,
          state: {
            status: "error",
            message: isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE,
          },
        });
      },
    );
    return () => {
      live = false;
    };
  }, [userNo, self, attempt]);

  const retry = useCallback(() => {
    setFetched(null);
    setAttempt((n) => n + 1);
  }, []);

  if (userNo === null) return { state: { status: "loading" }, retry };
  if (self) {
    const mine = userInfo.data?.USER_NO === userNo;
    const state: StudentInfoState = mine
      ? {
          status: "ready",
          lessons: lessonsOf(userInfo.lecture_info),
          card: userInfo.data?.CARD_INFO ?? null,
        }
      : { status: "loading" };
    return { state, retry };
  }
  const state: StudentInfoState =
    fetched && fetched.userNo === userNo ? fetched.state : { status: "loading" };
  return { state, retry };
}
