import type { UserType } from "@seoltab/domain";

/** Korean names of the user types (SPEC.md §6; DESIGN.md §3). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  STUDENT: "학생",
  TEACHER: "선생님",
  PARENT: "학부모",
  ADMIN: "운영자",
  SALES_TEAM: "영업팀",
};
