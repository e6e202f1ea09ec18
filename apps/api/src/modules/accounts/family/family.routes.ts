/**
 * Family-accounts and account-link calls on the main REST backend (issue 15;
 * docs/api/family-accounts.md), all POST, all in the ONUEI_RES envelope, `cache-control:
 * no-store`:
 * /family/create_student, /family/students, /family/update_student,
 * /family/reset_student_password, /family/unlink_student, /family/link_request,
 * /family/link_confirm, /family/link_requests, /family/respond_link,
 * /account_link/login, /user_Agree_family_services, /account_link/connect,
 * /account_link/status, /account_link/unlink.
 * Handlers only call a service and shape the answer; `envelopeRoute` declares the call's schema
 * (docs/api/openapi.json), authenticates, validates, checks the answer and wraps it in the
 * envelope.
 */
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { schoolLevelOf } from "@seoltab/domain/family-accounts";
import { isGeneratedChildEmail } from "@seoltab/domain/family-accounts";
import { success } from "../../../rest/envelope.ts";
import { restSchema } from "../../../rest/route-schema.ts";
import { parseBody } from "../../../rest/rest-backend.ts";
import { requestContext, type RequestContext } from "../../../platform/request-context.ts";
import type { AuthUser } from "../access-tokens.ts";
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

/** Who may call a route: a signed-in caller (preHandler `requireAuth`), or anyone (a Bearer
 * token, when sent, must be valid: the handler then gets its caller, else null). */
type CallerMode = "signed-in" | "optional";
type CallerOf<M extends CallerMode> = M extends "signed-in" ? AuthUser : AuthUser | null;

/**
 * The one shape of every family and account-link handler: declare the call's schema (its
 * summary, `body`, `response`, and Bearer security for `signed-in`: docs/api/openapi.json),
 * authenticate (before the body for `signed-in`, after it for `optional`), validate the body with `body` (`validation_failed`),
 * run the service call, check the answer against `response` and wrap it in the ONUEI_RES
 * success envelope with `message` (a fixed text, one chosen from the input, or the default).
 * Refusals are AppErrors thrown by the service; the envelope error handler answers them.
 */
function envelopeRoute<I extends z.ZodType, O extends z.ZodType, M extends CallerMode>(
  app: FastifyInstance,
  path: string,
  spec: {
    /** The call's summary in docs/api/openapi.json. */
    summary: string;
    caller: M;
    body: I;
    response: O;
    message?: string | ((input: z.output<I>) => string);
  },
  run: (input: z.output<I>, caller: CallerOf<M>, ctx: RequestContext) => Promise<z.input<O>>,
): void {
  const signedIn = spec.caller === "signed-in";
  const schema = restSchema({
    summary: spec.summary,
    tag,
    bearer: signedIn,
    body: spec.body,
    response: spec.response,
  });
  const options = signedIn ? { schema, preHandler: app.requireAuth } : { schema };
  app.post(path, options, async (request) => {
    const input = parseBody(spec.body, request);
    const caller = signedIn
      ? request.auth!
      : bearerToken(request)
        ? await authenticate(request)
        : null;
    const answer = spec.response.parse(
      await run(input, caller as CallerOf<M>, requestContext(request)),
    );
    const message = typeof spec.message === "function" ? spec.message(input) : spec.message;
    return success(answer, message);
  });
}

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
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const childrenOf = async (parent: number) =>
    (await findChildren(deps.db, parent)).map((c) => ({ USER_NO: c.id, USER_NAME: c.name }));
  const signedIn = "signed-in" as const;
  const anyone = "optional" as const;

  envelopeRoute(
    app,
    "/family/create_student",
    {
      summary: "자녀 계정 만들기 (CreateStudentAccount)",
      caller: signedIn,
      body: createStudentInput,
      response: createStudentOutput,
      message: "자녀 계정을 만들었어요.",
    },
    async (input, caller, ctx) => {
      const created = await createStudent(
        deps,
        caller,
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
        ctx,
      );
      return {
        USER_NO: created.userNo,
        STATUS: created.status,
        SIGN_IN: created.signIn,
        CHILDREN: await childrenOf(caller.userNo),
      };
    },
  );

  envelopeRoute(
    app,
    "/family/students",
    {
      summary: "자녀 계정 목록 (ViewStudentAccount)",
      caller: signedIn,
      body: studentsInput,
      response: studentsOutput,
    },
    async (_input, caller, ctx) => {
      const { children, pending } = await listChildren(deps, caller, sources, ctx);
      return {
        CHILDREN: children.map((c) => {
          const next = c.lectures
            .map((l) => l.NEXT_LESSON_AT ?? null)
            .filter((v): v is string => v !== null)
            .sort()[0];
          return {
            USER_NO: c.user.id,
            USER_NAME: c.user.name,
            EMAIL_ID: c.email,
            SIGN_IN: isGeneratedChildEmail(c.user.email) ? ("PARENT" as const) : ("EMAIL" as const),
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
      };
    },
  );

  envelopeRoute(
    app,
    "/family/update_student",
    {
      summary: "자녀 정보 수정 (UpdateStudentAccount)",
      caller: signedIn,
      body: updateStudentInput,
      response: updateStudentOutput,
      message: "자녀 정보를 바꿨어요.",
    },
    async (input, caller, ctx) => {
      const updated = await updateStudent(
        deps,
        caller,
        {
          childUserNo: input.CHILD_USER_NO,
          realname: input.REALNAME,
          schoolLevel: input.SCHOOL_LEVEL,
          grade: input.GRADE,
          gender: input.GENDER,
        },
        ctx,
      );
      return {
        USER_NO: updated.id,
        USER_NAME: updated.name,
        GRADE: updated.grade,
        GENDER: updated.gender,
      };
    },
  );

  envelopeRoute(
    app,
    "/family/reset_student_password",
    {
      summary: "자녀 비밀번호 재설정",
      caller: signedIn,
      body: resetStudentPasswordInput,
      response: resetStudentPasswordOutput,
      message: "자녀 비밀번호를 바꿨어요. 자녀는 새 비밀번호로 다시 로그인해야 해요.",
    },
    async (input, caller, ctx) => {
      const result = await resetStudentPassword(
        deps,
        caller,
        {
          childUserNo: input.CHILD_USER_NO,
          newPassword: input.NEW_PASSWORD,
          email: input.EMAIL_ID,
        },
        ctx,
      );
      return { USER_NO: input.CHILD_USER_NO, EMAIL_ID: result.email };
    },
  );

  envelopeRoute(
    app,
    "/family/unlink_student",
    {
      summary: "자녀 연결 해제",
      caller: signedIn,
      body: childOnlyInput,
      response: childrenOutput,
      message: "자녀 계정 연결을 해제했어요.",
    },
    async (input, caller, ctx) => {
      await unlinkStudent(deps, caller, input.CHILD_USER_NO, sources, ctx);
      return { CHILDREN: await childrenOf(caller.userNo) };
    },
  );

  envelopeRoute(
    app,
    "/family/link_request",
    {
      summary: "가입한 자녀 연결 요청 (학생에게 확인 번호)",
      caller: signedIn,
      body: linkRequestInput,
      response: linkRequestOutput,
      message: "학생 휴대폰으로 확인 번호를 보냈어요.",
    },
    async (input, caller, ctx) => {
      const sent = await requestChildLink(deps, caller, input.STUDENT_EMAIL, ctx);
      return {
        REQUEST_ID: sent.requestId,
        SENT_TO: sent.sentTo,
        EXPIRES_IN_SEC: sent.expiresInSec,
      };
    },
  );

  envelopeRoute(
    app,
    "/family/link_confirm",
    {
      summary: "가입한 자녀 연결 확인",
      caller: signedIn,
      body: linkConfirmInput,
      response: linkConfirmOutput,
      message: "자녀 계정을 연결했어요.",
    },
    async (input, caller, ctx) => {
      const linked = await confirmChildLink(
        deps,
        caller,
        { requestId: input.REQUEST_ID, code: input.CODE },
        ctx,
      );
      return {
        USER_NO: linked.childUserNo,
        USER_NAME: linked.childName,
        CHILDREN: await childrenOf(caller.userNo),
      };
    },
  );

  envelopeRoute(
    app,
    "/family/link_requests",
    {
      summary: "학생이 받은 보호자 연결 요청",
      caller: signedIn,
      body: studentsInput,
      response: linkRequestsOutput,
    },
    async (_input, caller) => {
      const rows = await requestsForStudent(deps, caller);
      return {
        REQUESTS: rows.map((r) => ({
          REQUEST_ID: r.id,
          PARENT_USER_NO: r.parentUserId,
          PARENT_NAME: r.parentName,
          CREATED_AT: r.createdAt.toISOString(),
        })),
      };
    },
  );

  envelopeRoute(
    app,
    "/family/respond_link",
    {
      summary: "보호자 연결 요청에 답하기 (학생)",
      caller: signedIn,
      body: respondLinkInput,
      response: respondLinkOutput,
      message: (input) => (input.ACCEPT ? "보호자 계정과 연결했어요." : "연결 요청을 거절했어요."),
    },
    async (input, caller, ctx) => {
      const answered = await respondToLink(
        deps,
        caller,
        { requestId: input.REQUEST_ID, accept: input.ACCEPT },
        ctx,
      );
      return { STATUS: answered.status };
    },
  );

  // ---- account links -------------------------------------------------------------------------

  envelopeRoute(
    app,
    "/account_link/login",
    {
      summary: "계정 연동 로그인 (다른 계정 확인)",
      caller: anyone,
      body: accountLinkLoginInput,
      response: accountLinkLoginOutput,
      message: "계정을 확인했어요.",
    },
    async (input, caller, ctx) => {
      const proved = await accountLinkLogin(
        link,
        caller,
        { serviceType: input.SERVICE_TYPE, email: input.EMAIL_ID, password: input.PASSWORD },
        ctx,
      );
      return {
        LINK_TICKET: proved.ticket,
        SERVICE_TYPE: input.SERVICE_TYPE,
        EMAIL_ID: proved.maskedEmail,
        USER_NAME: proved.name,
        EXPIRES_IN_SEC: proved.expiresInSec,
      };
    },
  );

  envelopeRoute(
    app,
    "/user_Agree_family_services",
    {
      summary: "패밀리 서비스 약관 동의 (약관 id, 버전, 시각)",
      caller: anyone,
      body: agreeFamilyServicesInput,
      response: agreeFamilyServicesOutput,
      message: "약관 동의를 저장했어요.",
    },
    async (input, caller, ctx) => {
      const rows = await agreeFamilyServices(
        link,
        caller,
        { linkTicket: input.LINK_TICKET, agreedTerms: input.AGREED_TERMS },
        ctx,
      );
      return {
        AGREED: rows.map((r) => ({
          SERVICE: r.service,
          TERM_ID: r.termId,
          VERSION: r.termVersion,
          AGREED_AT: r.agreedAt.toISOString(),
        })),
      };
    },
  );

  envelopeRoute(
    app,
    "/account_link/connect",
    {
      summary: "계정 연동",
      caller: anyone,
      body: connectInput,
      response: connectOutput,
      message: "계정을 연동했어요.",
    },
    async (input, caller, ctx) => {
      const result = await connectAccounts(
        link,
        caller,
        { linkTicket: input.LINK_TICKET, fromTicket: input.FROM_TICKET },
        ctx,
      );
      return {
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
      };
    },
  );

  envelopeRoute(
    app,
    "/account_link/status",
    {
      summary: "연동된 서비스",
      caller: signedIn,
      body: linkStatusInput,
      response: linkStatusOutput,
    },
    async (_input, caller) => {
      const links = await accountLinksOf(link, caller);
      return {
        LINKS: links.map((l) => ({
          SERVICE_TYPE: l.serviceType,
          EMAIL_ID: l.maskedEmail,
          LINKED_AT: l.linkedAt.toISOString(),
        })),
      };
    },
  );

  envelopeRoute(
    app,
    "/account_link/unlink",
    {
      summary: "계정 연동 해제",
      caller: signedIn,
      body: unlinkInput,
      response: unlinkOutput,
      message: "계정 연동을 해제했어요.",
    },
    async (input, caller, ctx) => {
      await unlinkAccounts(link, caller, input.SERVICE_TYPE, ctx);
      return { SERVICE_TYPE: input.SERVICE_TYPE };
    },
  );
}
