/**
 * The staff calls of the consultation funnel (docs/api/consultations.md "Staff"), for ADMIN and
 * SALES_TEAM with the stored token (a REST 401/403 ends the session, SPEC.md §4).
 */
import type { UtmKey } from "@seoltab/domain";
import { restRequest } from "../../lib/rest-client";
import type { ConsultationStatus } from "./options";

/** One request as staff see it. */
export interface ConsultationItem {
  REQUEST_ID: string;
  /** ISO 8601, UTC. */
  CREATED_AT: string;
  APPLICANT_TYPE: string;
  NAME: string;
  GRADE: string;
  SUBJECT: string;
  /** Digits, e.g. 01012345678. */
  PHONE_NUM: string;
  PREFERRED_TIME: string;
  PREFERRED_TIME_NOTE: string | null;
  MEMO: string | null;
  UTM: Record<UtmKey, string | null>;
  STATUS: ConsultationStatus;
  STATUS_CHANGED_AT: string | null;
  STATUS_CHANGED_BY: { USER_NO: number; USER_NAME: string } | null;
}

export interface ConsultationListFilter {
  STATUS?: ConsultationStatus;
  /** YYYY-MM-DD, Asia/Seoul, inclusive. */
  FROM?: string;
  TO?: string;
}

export interface ConsultationListResponse {
  REQUESTS: ConsultationItem[];
  TOTAL_COUNT: number;
  NEXT_CURSOR: string | null;
}

/** The number of requests a page holds. */
export const PAGE_SIZE = 20;

/** POST /main/admin/consultation_requests: one page, newest first. */
export function listConsultations(filter: ConsultationListFilter, cursor?: string | null) {
  return restRequest<ConsultationListResponse>("main", "/admin/consultation_requests", {
    body: { ...filter, LIMIT: PAGE_SIZE, ...(cursor ? { CURSOR: cursor } : {}) },
  });
}

/**
 * POST /main/admin/consultation_requests/status. 409 `invalid_status_transition` when someone
 * changed it first (RESPONSE.CURRENT_STATUS).
 */
export function changeConsultationStatus(
  requestId: string,
  status: Exclude<ConsultationStatus, "RECEIVED">,
) {
  return restRequest<ConsultationItem>("main", "/admin/consultation_requests/status", {
    body: { REQUEST_ID: requestId, STATUS: status },
  });
}
