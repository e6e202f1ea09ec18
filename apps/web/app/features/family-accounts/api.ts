/**
 * Calls of family accounts and account links (docs/api/family-accounts.md; issue 15), all POST on
 * the main REST backend with the session's Bearer token. Failures are RestError (Korean message,
 * ERROR_CODE). Nothing here answers 401/403 for a person's mistake, so a wrong link password or
 * "not your child" never signs the person out.
 */
import type { AgreedFamilyTerm, ServiceType } from "@seoltab/domain/family-accounts";
import { restRequest } from "../../lib/rest-client";
import { useRootStore, type LoginChild } from "../../stores/root-store";

const post = <T>(path: string, body: unknown) =>
  restRequest<T>("main", path, { method: "POST", body });

export interface CreateStudentBody {
  REALNAME: string;
  SCHOOL_LEVEL: "HIGH" | "MIDDLE";
  GRADE?: string;
  GENDER: "MAN" | "WOMAN";
  /** YYYY-MM-DD. */
  BIRTH_DATE: string;
  EMAIL_ID?: string;
  PASSWORD?: string;
  /** Under 14: PARENT_CONSENT verification token of the parent's own phone. */
  CONSENT_VERIFICATION_TOKEN?: string;
}

export interface ChildrenAnswer {
  CHILDREN: LoginChild[];
}

export interface FamilyLecture {
  LECTURE_NO: number;
  TITLE: string;
  STATE: string;
  START_AT: string | null;
  END_AT: string | null;
  NEXT_LESSON_AT?: string | null;
  TUTOR_NAME?: string | null;
}

export interface FamilyChild {
  USER_NO: number;
  USER_NAME: string;
  EMAIL_ID: string | null;
  SIGN_IN: "EMAIL" | "PARENT";
  SCHOOL_LEVEL: "HIGH" | "MIDDLE" | null;
  GRADE: string | null;
  GENDER: string;
  BIRTH_DATE: string | null;
  STATUS: string;
  PARENT_CONSENTED_AT: string | null;
  LECTURE_INFO: FamilyLecture[];
  NEXT_LESSON_AT: string | null;
  CARD_INFO: { card_name: string; card_number: string; is_legacy: boolean } | null;
  UNLINK_BLOCKERS: string[];
}

export interface FamilyView {
  CHILDREN: FamilyChild[];
  PENDING_REQUESTS: {
    REQUEST_ID: string;
    CHILD_USER_NO: number;
    CHILD_NAME: string;
    ORIGIN: string;
    CREATED_AT: string;
  }[];
}

/** Keeps the login response's CHILDREN (the child switcher everywhere) in step with a change. */
export function rememberChildren(children: LoginChild[]): void {
  const { auth, setAuth } = useRootStore.getState();
  if (!auth.data) return;
  setAuth({ data: { ...auth.data, CHILDREN: children } });
}

export const createStudent = (body: CreateStudentBody) =>
  post<ChildrenAnswer & { USER_NO: number; SIGN_IN: "EMAIL" | "PARENT" }>(
    "/family/create_student",
    body,
  );
export const familyStudents = () => post<FamilyView>("/family/students", {});
export const updateStudent = (body: {
  CHILD_USER_NO: number;
  REALNAME?: string;
  SCHOOL_LEVEL?: "HIGH" | "MIDDLE";
  GRADE?: string;
  GENDER?: "MAN" | "WOMAN";
}) => post<{ USER_NO: number; USER_NAME: string }>("/family/update_student", body);
export const resetStudentPassword = (body: {
  CHILD_USER_NO: number;
  NEW_PASSWORD: string;
  EMAIL_ID?: string;
}) => post<{ EMAIL_ID: string | null }>("/family/reset_student_password", body);
export const unlinkStudent = (childUserNo: number) =>
  post<ChildrenAnswer>("/family/unlink_student", { CHILD_USER_NO: childUserNo });
export const requestChildLink = (studentEmail: string) =>
  post<{ REQUEST_ID: string; SENT_TO: string; EXPIRES_IN_SEC: number }>("/family/link_request", {
    STUDENT_EMAIL: studentEmail,
  });
export const confirmChildLink = (requestId: string, code: string) =>
  post<ChildrenAnswer & { USER_NO: number }>("/family/link_confirm", {
    REQUEST_ID: requestId,
    CODE: code,
  });

// ---- account links ---------------------------------------------------------------------------

export interface LinkProof {
  LINK_TICKET: string;
  SERVICE_TYPE: ServiceType;
  EMAIL_ID: string;
  USER_NAME: string;
}

export const accountLinkLogin = (body: {
  EMAIL_ID: string;
  PASSWORD: string;
  SERVICE_TYPE: ServiceType;
}) => post<LinkProof>("/account_link/login", { ...body, PLATFORM: "WEB" });

export const agreeFamilyServices = (
  agreed: Partial<Record<ServiceType, AgreedFamilyTerm[]>>,
  linkTicket?: string,
) =>
  post<{ AGREED: unknown[] }>("/user_Agree_family_services", {
    AGREED_TERMS: agreed,
    ...(linkTicket ? { LINK_TICKET: linkTicket } : {}),
  });

export interface ConnectAnswer {
  DIRECTION: "FORWARD" | "REVERSE";
  SERVICE_TYPE: string;
  AUTO_LOGIN: { SERVICE_TYPE: string; TICKET: string; EXPIRES_IN_SEC: number } | null;
  REDIRECT: string | null;
}

export const connectAccounts = (linkTicket: string, fromTicket?: string) =>
  post<ConnectAnswer>("/account_link/connect", {
    LINK_TICKET: linkTicket,
    ...(fromTicket ? { FROM_TICKET: fromTicket } : {}),
  });

export interface AccountLinkStatus {
  LINKS: { SERVICE_TYPE: string; EMAIL_ID: string; LINKED_AT: string }[];
}

export const accountLinkStatus = () => post<AccountLinkStatus>("/account_link/status", {});
export const unlinkAccount = (serviceType: string) =>
  post<{ SERVICE_TYPE: string }>("/account_link/unlink", { SERVICE_TYPE: serviceType });

/** sessionStorage key of the other service's auto-login (SPEC.md §4: set on link success). */
export const AUTO_LOGIN_STORAGE_KEY = "familyAutoLogin";

/** Keeps the auto-login the other service takes over (its ticket lives 60 s). */
export function setAutoLogin(autoLogin: NonNullable<ConnectAnswer["AUTO_LOGIN"]>): void {
  try {
    sessionStorage.setItem(
      AUTO_LOGIN_STORAGE_KEY,
      JSON.stringify({ ...autoLogin, SET_AT: new Date().toISOString() }),
    );
  } catch {
    // Storage may be unavailable (private mode); the link itself is made.
  }
}
