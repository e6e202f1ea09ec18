/**
 * Family-accounts and account-link calls on the main REST backend (issue 15;
 * docs/api/family-accounts.md), all POST, all in the ONUEI_RES envelope, `cache-control:
 * no-store`:
 * /family/create_student, /family/students, /family/update_student,
 * /family/reset_student_password, /family/unlink_student, /family/link_request,
 * /family/link_confirm, /family/link_requests, /family/respond_link,
 * /account_link/login, /user_Agree_family_services, /account_link/connect,
 * /account_link/status, /account_link/unlink.
 * Handlers only validate, call a service and shape the answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { schoolLevelOf } from "@seoltab/domain/family-accounts";
import { isGeneratedChildEmail } from "@seoltab/domain/family-accounts";
import { success } from "../../../rest/envelope.ts";
import { declareRouteSchemas, restSchema } from "../../../rest/route-schema.ts";
import { parseBody } from "../../../rest/rest-backend.ts";
import { requestContext } from "../../../platform/request-context.ts";
import type { AccountsDeps } from "../accounts.deps.ts";
import { findChildren } from "../accounts.repository.ts";
import type { UserInfoSources } from "../accounts.routes.ts";
import { authenticate, bearerToken } from "../auth.plugin.ts";
import {
  accountLinkLogin,
  accountLinksOf,
  agreeFamilyServices,
  connectAccounts,
  unlinkAccounts,
  type LinkDeps,
} from "./account-links.service.ts";
import {
  accountLinkLoginInput,
  accountLinkLoginOutput,
  agreeFamilyServicesInput,
  agreeFamilyServicesOutput,
  childOnlyInput,
  childrenOutput,
  connectInput,
  connectOutput,
  createStudentInput,
  createStudentOutput,
  linkConfirmInput,
  linkConfirmOutput,
  linkRequestInput,
  linkRequestOutput,
  linkRequestsOutput,
  linkStatusInput,
  linkStatusOutput,
  resetStudentPasswordInput,
  resetStudentPasswordOutput,
  respondLinkInput,
  respondLinkOutput,
  studentsInput,
  studentsOutput,
  unlinkInput,
  unlinkOutput,
  updateStudentInput,
  updateStudentOutput,
} from "./family.schemas.ts";
import type { LinkTickets } from "./link-tickets.ts";
import {
  confirmChildLink,
  createStudent,
  listChildren,
  requestChildLink,
  requestsForStudent,
  resetStudentPassword,
  respondToLink,
  unlinkStudent,
  updateStudent,
} from "./students.service.ts";

const tag = "family-accounts";
const parent = { tag, bearer: true } as const;

/** Declared request and response of every call (docs/api/openapi.json; rest/route-schema.ts). */
const ROUTE_SCHEMAS = {
  "POST /family/create_student": restSchema({
    summary: "자녀 계정 만들기 (CreateStudentAccount)",
    ...parent,
    body: createStudentInput,
    response: createStudentOutput,
  }),
  "POST /family/students": restSchema({
    summary: "자녀 계정 목록 (ViewStudentAccount)",
    ...parent,
    body: studentsInput,
    response: studentsOutput,
  }),
  "POST /family/update_student": restSchema({
    summary: "자녀 정보 수정 (UpdateStudentAccount)",
    ...parent,
    body: updateStudentInput,
    response: updateStudentOutput,
  }),
  "POST /family/reset_student_password": restSchema({
    summary: "자녀 비밀번호 재설정",
    ...parent,
    body: resetStudentPasswordInput,
    response: resetStudentPasswordOutput,
  }),
  "POST /family/unlink_student": restSchema({
    summary: "자녀 연결 해제",
    ...parent,
    body: childOnlyInput,
    response: childrenOutput,
  }),
  "POST /family/link_request": restSchema({
    summary: "가입한 자녀 연결 요청 (학생에게 확인 번호)",
    ...parent,
    body: linkRequestInput,
    response: linkRequestOutput,
  }),
  "POST /family/link_confirm": restSchema({
    summary: "가입한 자녀 연결 확인",
    ...parent,
    body: linkConfirmInput,
    response: linkConfirmOutput,
  }),
  "POST /family/link_requests": restSchema({
    summary: "학생이 받은 보호자 연결 요청",
    ...parent,
    body: studentsInput,
    response: linkRequestsOutput,
  }),
  "POST /family/respond_link": restSchema({
    summary: "보호자 연결 요청에 답하기 (학생)",
    ...parent,
    body: respondLinkInput,
    response: respondLinkOutput,
  }),
  "POST /account_link/login": restSchema({
    summary: "계정 연동 로그인 (다른 계정 확인)",
    tag,
    body: accountLinkLoginInput,
    response: accountLinkLoginOutput,
  }),
  "POST /user_Agree_family_services": restSchema({
    summary: "패밀리 서비스 약관 동의 (약관 id, 버전, 시각)",
    tag,
    body: agreeFamilyServicesInput,
    response: agreeFamilyServicesOutput,
  }),
  "POST /account_link/connect": restSchema({
    summary: "계정 연동",
    tag,
    body: connectInput,
    response: connectOutput,
  }),
  "POST /account_link/status": restSchema({
    summary: "연동된 서비스",
    ...parent,
    body: linkStatusInput,
    response: linkStatusOutput,
  }),
  "POST /account_link/unlink": restSchema({
    summary: "계정 연동 해제",
    ...parent,
    body: unlinkInput,
    response: unlinkOutput,
  }),
} as const;

/** Registers the calls inside `/main` (envelope handlers installed by the caller). */
export async function familyMainRoutes(
  app: FastifyInstance,
  opts: {
    deps: AccountsDeps;
    tickets: LinkTickets;
    sources: Pick<UserInfoSources, "lectureInfo" | "cardInfo">;
  },
): Promise<void> {
  const { deps, sources } = opts;
  const link: LinkDeps = { deps, tickets: opts.tickets };
  const auth = { preHandler: app.requireAuth };
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const childrenOf = async (parent: number) =>
    (await findChildren(deps.db, parent)).map((c) => ({ USER_NO: c.id, USER_NAME: c.name }));
  /** The caller when a Bearer token is sent (it must then be valid), else null. */
  const optionalCaller = async (request: FastifyRequest) =>
    bearerToken(request) ? authenticate(request) : null;

  app.post("/family/create_student", auth, async (request) => {
    const input = parseBody(createStudentInput, request);
    const created = await createStudent(
      deps,
      request.auth!,
      {
        realname: input.REALNAME,
        schoolLevel: input.SCHOOL_LEVEL,
        grade: input.GRADE,
        gender: input.GENDER,
        birthDate: input.BIRTH_DATE,
        email: input.EMAIL_ID,
        password: input.PASSWORD,
        consentVerificationToken: input.CONSENT_VERIFICATION_TOKEN,
      },
      requestContext(request),
    );
    return success(
      createStudentOutput.parse({
        USER_NO: created.userNo,
        STATUS: created.status,
        SIGN_IN: created.signIn,
        CHILDREN: await childrenOf(request.auth!.userNo),
      }),
      "자녀 계정을 만들었어요.",
    );
  });

  app.post("/family/students", auth, async (request) => {
    parseBody(studentsInput, request);
    const { children, pending } = await listChildren(
      deps,
      request.auth!,
      sources,
      requestContext(request),
    );
    return success(
      studentsOutput.parse({
        CHILDREN: children.map((c) => {
          const next = c.lectures
            .map((l) => l.NEXT_LESSON_AT ?? null)
            .filter((v): v is string => v !== null)
            .sort()[0];
          return {
            USER_NO: c.user.id,
            USER_NAME: c.user.name,
            EMAIL_ID: c.email,
            SIGN_IN: isGeneratedChildEmail(c.user.email) ? "PARENT" : "EMAIL",
            SCHOOL_LEVEL: schoolLevelOf(c.user.grade),
            GRADE: c.user.grade,
            GENDER: c.user.gender,
            BIRTH_DATE: c.user.birthDate,
            STATUS: c.user.status,
            PARENT_CONSENTED_AT: c.user.parentConsentedAt?.toISOString() ?? null,
            LECTURE_INFO: c.lectures,
            NEXT_LESSON_AT: next ?? null,
            CARD_INFO: c.card,
            UNLINK_BLOCKERS: c.unlinkBlockers,
          };
        }),
        PENDING_REQUESTS: pending.map((p) => ({
          REQUEST_ID: p.id,
          CHILD_USER_NO: p.childUserId,
          CHILD_NAME: p.childName,
          ORIGIN: p.origin,
          CREATED_AT: p.createdAt.toISOString(),
        })),
      }),
    );
  });

  app.post("/family/update_student", auth, async (request) => {
    const input = parseBody(updateStudentInput, request);
    const updated = await updateStudent(
      deps,
      request.auth!,
      {
        childUserNo: input.CHILD_USER_NO,
        realname: input.REALNAME,
        schoolLevel: input.SCHOOL_LEVEL,
        grade: input.GRADE,
        gender: input.GENDER,
      },
      requestContext(request),
    );
    return success(
      updateStudentOutput.parse({
        USER_NO: updated.id,
        USER_NAME: updated.name,
        GRADE: updated.grade,
        GENDER: updated.gender,
      }),
      "자녀 정보를 바꿨어요.",
    );
  });

  app.post("/family/reset_student_password", auth, async (request) => {
    const input = parseBody(resetStudentPasswordInput, request);
    const result = await resetStudentPassword(
      deps,
      request.auth!,
      { childUserNo: input.CHILD_USER_NO, newPassword: input.NEW_PASSWORD, email: input.EMAIL_ID },
      requestContext(request),
    );
    return success(
      resetStudentPasswordOutput.parse({ USER_NO: input.CHILD_USER_NO, EMAIL_ID: result.email }),
      "자녀 비밀번호를 바꿨어요. 자녀는 새 비밀번호로 다시 로그인해야 해요.",
    );
  });

  app.post("/family/unlink_student", auth, async (request) => {
    const input = parseBody(childOnlyInput, request);
    await unlinkStudent(deps, request.auth!, input.CHILD_USER_NO, sources, requestContext(request));
    return success(
      childrenOutput.parse({ CHILDREN: await childrenOf(request.auth!.userNo) }),
      "자녀 계정 연결을 해제했어요.",
    );
  });

  app.post("/family/link_request", auth, async (request) => {
    const input = parseBody(linkRequestInput, request);
    const sent = await requestChildLink(
      deps,
      request.auth!,
      input.STUDENT_EMAIL,
      requestContext(request),
    );
    return success(
      linkRequestOutput.parse({
        REQUEST_ID: sent.requestId,
        SENT_TO: sent.sentTo,
        EXPIRES_IN_SEC: sent.expiresInSec,
      }),
      "학생 휴대폰으로 확인 번호를 보냈어요.",
    );
  });

  app.post("/family/link_confirm", auth, async (request) => {
    const input = parseBody(linkConfirmInput, request);
    const linked = await confirmChildLink(
      deps,
      request.auth!,
      { requestId: input.REQUEST_ID, code: input.CODE },
      requestContext(request),
    );
    return success(
      linkConfirmOutput.parse({
        USER_NO: linked.childUserNo,
        USER_NAME: linked.childName,
        CHILDREN: await childrenOf(request.auth!.userNo),
      }),
      "자녀 계정을 연결했어요.",
    );
  });

  app.post("/family/link_requests", auth, async (request) => {
    parseBody(studentsInput, request);
    const rows = await requestsForStudent(deps, request.auth!);
    return success(
      linkRequestsOutput.parse({
        REQUESTS: rows.map((r) => ({
          REQUEST_ID: r.id,
          PARENT_USER_NO: r.parentUserId,
          PARENT_NAME: r.parentName,
          CREATED_AT: r.createdAt.toISOString(),
        })),
      }),
    );
  });

  app.post("/family/respond_link", auth, async (request) => {
    const input = parseBody(respondLinkInput, request);
    const answered = await respondToLink(
      deps,
      request.auth!,
      { requestId: input.REQUEST_ID, accept: input.ACCEPT },
      requestContext(request),
    );
    return success(
      respondLinkOutput.parse({ STATUS: answered.status }),
      input.ACCEPT ? "보호자 계정과 연결했어요." : "연결 요청을 거절했어요.",
    );
  });

  // ---- account links -------------------------------------------------------------------------

  app.post("/account_link/login", async (request) => {
    const input = parseBody(accountLinkLoginInput, request);
    const proved = await accountLinkLogin(
      link,
      await optionalCaller(request),
      { serviceType: input.SERVICE_TYPE, email: input.EMAIL_ID, password: input.PASSWORD },
      requestContext(request),
    );
    return success(
      accountLinkLoginOutput.parse({
        LINK_TICKET: proved.ticket,
        SERVICE_TYPE: input.SERVICE_TYPE,
        EMAIL_ID: proved.maskedEmail,
        USER_NAME: proved.name,
        EXPIRES_IN_SEC: proved.expiresInSec,
      }),
      "계정을 확인했어요.",
    );
  });

  app.post("/user_Agree_family_services", async (request) => {
    const input = parseBody(agreeFamilyServicesInput, request);
    const rows = await agreeFamilyServices(
      link,
      await optionalCaller(request),
      { linkTicket: input.LINK_TICKET, agreedTerms: input.AGREED_TERMS },
      requestContext(request),
    );
    return success(
      agreeFamilyServicesOutput.parse({
        AGREED: rows.map((r) => ({
          SERVICE: r.service,
          TERM_ID: r.termId,
          VERSION: r.termVersion,
          AGREED_AT: r.agreedAt.toISOString(),
        })),
      }),
      "약관 동의를 저장했어요.",
    );
  });

  app.post("/account_link/connect", async (request) => {
    const input = parseBody(connectInput, request);
    const result = await connectAccounts(
      link,
      await optionalCaller(request),
      { linkTicket: input.LINK_TICKET, fromTicket: input.FROM_TICKET },
      requestContext(request),
    );
    return success(
      connectOutput.parse({
        DIRECTION: result.direction,
        SERVICE_TYPE: result.serviceType,
        AUTO_LOGIN:
          result.direction === "FORWARD"
            ? {
                SERVICE_TYPE: result.serviceType,
                TICKET: result.autoLoginTicket,
                EXPIRES_IN_SEC: result.expiresInSec,
              }
            : null,
        REDIRECT: result.direction === "REVERSE" ? result.redirect : null,
      }),
      "계정을 연동했어요.",
    );
  });

  app.post("/account_link/status", auth, async (request) => {
    parseBody(linkStatusInput, request);
    const links = await accountLinksOf(link, request.auth!);
    return success(
      linkStatusOutput.parse({
        LINKS: links.map((l) => ({
          SERVICE_TYPE: l.serviceType,
          EMAIL_ID: l.maskedEmail,
          LINKED_AT: l.linkedAt.toISOString(),
        })),
      }),
    );
  });

  app.post("/account_link/unlink", auth, async (request) => {
    const input = parseBody(unlinkInput, request);
    await unlinkAccounts(link, request.auth!, input.SERVICE_TYPE, requestContext(request));
    return success(
      unlinkOutput.parse({ SERVICE_TYPE: input.SERVICE_TYPE }),
      "계정 연동을 해제했어요.",
    );
  });
}
