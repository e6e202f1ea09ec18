/**
 * Accounts calls on the main REST backend (SPEC.md §7; docs/api/accounts.md "Main REST" and
 * "Join and phone verification"), all POST, all in the ONUEI_RES envelope:
 * /login, /getUserInfo, /user_status, /user_contact, /iamport_sms_certification_log,
 * /verification/send_code, /verification/verify_code, /join/check_email, /join/check_nickname,
 * /join, /join/parent_consent. Handlers only validate, call a service and shape the answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { maskMobile } from "@seoltab/domain";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema, sendUnchangingAnswer } from "../../rest/route-schema.ts";
import type { AccountsDeps } from "./accounts.deps.ts";
import { requestContext } from "../../platform/request-context.ts";
import { firstInstantAfter, type ViewCache } from "../../platform/view-cache.ts";
import { AVAILABILITY_CHECKS_PER_ADDRESS } from "./accounts.constants.ts";
import {
  availabilityOutput,
  checkEmailInput,
  checkNicknameInput,
  getUserInfoInput,
  joinInput,
  joinOutput,
  loginInput,
  loginOutput,
  parentConsentInfoInput,
  parentConsentInfoOutput,
  parentConsentInput,
  sendCodeInput,
  sendCodeOutput,
  smsCertificationLogInput,
  smsCertificationLogOutput,
  userInfoOutput,
  userContactInput,
  userContactOutput,
  userStatusInput,
  userStatusOutput,
  verifyCodeInput,
  verifyCodeOutput,
} from "./accounts.schemas.ts";
import { authenticate, bearerToken } from "./auth.plugin.ts";
import {
  checkConsentPhone,
  consentInfo,
  isEmailAvailable,
  isNicknameAvailable,
  join,
  recordParentConsent,
} from "./join.service.ts";
import { setRefreshCookie, type CookiePolicy } from "./refresh-cookie.ts";
import { signIn } from "./sessions.service.ts";
import { getOwnAccount, getUserInfo, recordSmsCertificationLog } from "./users.service.ts";
import { sendCode, verifyCode } from "./verification.service.ts";
import type { UserRow } from "./accounts.repository.ts";

export { requestContext };

type UserInfoOutput = z.input<typeof userInfoOutput>;

/**
 * What other areas add to getUserInfo (SPEC.md §3 User info), given by the module list
 * (modules/index.ts) so accounts never imports them: a student's LECTURE_INFO and the CARD_INFO
 * of their main billing card (null without one).
 */
export interface UserInfoSources {
  lectureInfo(userId: number, now: Date): Promise<UserInfoOutput["LECTURE_INFO"]>;
  cardInfo(userId: number): Promise<UserInfoOutput["CARD_INFO"]>;
}

function userInfo(
  user: UserRow,
  card: UserInfoOutput["CARD_INFO"],
  lectures: UserInfoOutput["LECTURE_INFO"],
) {
  return userInfoOutput.parse({
    USER_NO: user.id,
    EMAIL_ID: user.email,
    USER_TYPE: user.userType,
    USER_NAME: user.name,
    NICKNAME: user.nickname,
    PHONE: user.phone ? maskMobile(user.phone) : null,
    GRADE: user.grade,
    GENDER: user.gender,
    STATUS: user.status,
    IS_ONLY_HOMESHOPPING: user.isOnlyHomeshopping ? "YES" : "NO",
    LECTURE_INFO: lectures,
    CARD_INFO: card,
  });
}

const tag = "accounts";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /login": restSchema({
    summary: "이메일 로그인 (access token, refresh cookie)",
    tag,
    body: loginInput,
    response: loginOutput,
  }),
  "POST /getUserInfo": restSchema({
    summary: "회원 정보 (LECTURE_INFO, CARD_INFO)",
    tag,
    bearer: true,
    body: getUserInfoInput,
    response: userInfoOutput,
  }),
  "POST /user_status": restSchema({
    summary: "내 계정 상태",
    tag,
    bearer: true,
    body: userStatusInput,
    response: userStatusOutput,
  }),
  "POST /user_contact": restSchema({
    summary: "내 이름과 휴대폰 번호",
    tag,
    bearer: true,
    body: userContactInput,
    response: userContactOutput,
  }),
  "POST /iamport_sms_certification_log": restSchema({
    summary: "본인인증 결과 기록",
    tag,
    body: smsCertificationLogInput,
    response: smsCertificationLogOutput,
  }),
  "POST /verification/send_code": restSchema({
    summary: "휴대폰 인증번호 보내기",
    tag,
    body: sendCodeInput,
    response: sendCodeOutput,
  }),
  "POST /verification/verify_code": restSchema({
    summary: "휴대폰 인증번호 확인",
    tag,
    body: verifyCodeInput,
    response: verifyCodeOutput,
  }),
  "POST /join/check_email": restSchema({
    summary: "이메일 사용 가능 여부",
    tag,
    body: checkEmailInput,
    response: availabilityOutput,
  }),
  "POST /join/check_nickname": restSchema({
    summary: "닉네임 사용 가능 여부",
    tag,
    body: checkNicknameInput,
    response: availabilityOutput,
  }),
  "POST /join": restSchema({ summary: "회원가입", tag, body: joinInput, response: joinOutput }),
  "POST /join/parent_consent_info": restSchema({
    summary: "보호자 동의 요청 정보",
    tag,
    body: parentConsentInfoInput,
    response: parentConsentInfoOutput,
  }),
  "POST /join/parent_consent": restSchema({
    summary: "보호자 동의",
    tag,
    body: parentConsentInput,
    response: joinOutput,
  }),
} as const;

/**
 * Registers the accounts calls inside the `/main` REST backend (envelope handlers installed by
 * the caller). `deps`: the accounts services' dependencies; `cookies`: the refresh-cookie policy;
 * `userInfo`: the other areas' parts of getUserInfo.
 */
export async function accountsMainRoutes(
  app: FastifyInstance,
  opts: {
    deps: AccountsDeps;
    cookies: CookiePolicy;
    userInfo: UserInfoSources;
    /** The read cache; getUserInfo answers are kept there (absent: always read). */
    views?: ViewCache;
  },
): Promise<void> {
  const { deps, cookies, userInfo: sources, views } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.post("/login", async (request, reply) => {
    const input = parseBody(loginInput, request);
    const result = await signIn(
      deps,
      { email: input.EMAIL_ID, password: input.PASSWORD, platform: input.PLATFORM },
      requestContext(request),
    );
    setRefreshCookie(
      reply,
      cookies,
      result.refresh.token,
      result.refresh.expiresAt,
      deps.clock.now(),
    );
    reply.header("cache-control", "no-store");
    return success(
      loginOutput.parse({
        token: result.accessToken,
        EMAIL_ID: result.user.email,
        USER_NO: result.user.id,
        USER_TYPE: result.user.userType,
        USER_NAME: result.user.name,
        NICKNAME: result.user.nickname,
        STATUS: result.user.status,
        CHILDREN: result.children.map((c) => ({ USER_NO: c.id, USER_NAME: c.name })),
      }),
    );
  });

  app.post("/getUserInfo", async (request, reply) => {
    const input = parseBody(getUserInfoInput, request);
    const caller = await authenticate(request, input.token);
    const body = await getUserInfo(
      deps,
      caller,
      input.USER_NO ?? caller.userNo,
      async (user) => {
        const now = deps.clock.now();
        // Both parts at once (issue 19 performance: two waits for the database instead of one).
        const [lectures, card] =
          user.userType === "STUDENT"
            ? await Promise.all([sources.lectureInfo(user.id, now), sources.cardInfo(user.id)])
            : [[], null];
        return {
          value: userInfo(user, card, lectures),
          // A lecture's STATE turns at its END_AT, NEXT_LESSON_AT moves on when that lesson starts.
          validUntil: firstInstantAfter(
            now.getTime(),
            lectures.flatMap((l) => [
              l.START_AT,
              l.END_AT,
              l.NEXT_CHARGE_AT,
              l.NEXT_LESSON_AT ?? null,
            ]),
          ),
        };
      },
      views,
    );
    // The cached answer's bytes are made once (issue 19 performance).
    return sendUnchangingAnswer(reply, body);
  });

  app.post("/user_status", { preHandler: app.requireAuth }, async (request) => {
    parseBody(userStatusInput, request);
    const user = await getOwnAccount(deps, request.auth!);
    return success(
      userStatusOutput.parse({
        USER_NO: user.id,
        USER_TYPE: user.userType,
        STATUS: user.status,
        IS_PARENT_CONSENTED: user.status !== "PENDING_PARENT_CONSENT",
      }),
    );
  });

  // The caller's own contact (never another's), e.g. a parent's name and phone on the
  // enrollment form; no-store, and the web keeps it only in the form.
  app.post("/user_contact", { preHandler: app.requireAuth }, async (request, reply) => {
    parseBody(userContactInput, request);
    const user = await getOwnAccount(deps, request.auth!);
    reply.header("cache-control", "no-store");
    return success(userContactOutput.parse({ USER_NAME: user.name, PHONE_NUM: user.phone }));
  });

  app.post("/iamport_sms_certification_log", async (request) => {
    const input = parseBody(smsCertificationLogInput, request);
    const caller = bearerToken(request) ? await authenticate(request) : null;
    const logId = await recordSmsCertificationLog(
      deps,
      caller,
      {
        impUid: input.IMP_UID,
        merchantUid: input.MERCHANT_UID,
        success: input.SUCCESS,
        errorMsg: input.ERROR_MSG,
        purpose: input.PURPOSE,
      },
      requestContext(request),
    );
    return success(smsCertificationLogOutput.parse({ LOG_ID: logId }));
  });

  app.post("/verification/send_code", async (request) => {
    const input = parseBody(sendCodeInput, request);
    if (input.CONSENT_TICKET !== undefined) {
      await checkConsentPhone(deps, input.CONSENT_TICKET, input.PHONE_NUM);
    }
    const sent = await sendCode(
      deps,
      { phone: input.PHONE_NUM, purpose: input.PURPOSE },
      requestContext(request),
    );
    return success(
      sendCodeOutput.parse({
        VERIFICATION_ID: sent.verificationId,
        EXPIRES_IN_SEC: sent.expiresInSec,
      }),
      "인증번호를 보냈어요.",
    );
  });

  app.post("/verification/verify_code", async (request, reply) => {
    const input = parseBody(verifyCodeInput, request);
    const verified = await verifyCode(deps, {
      verificationId: input.VERIFICATION_ID,
      code: input.CODE,
    });
    reply.header("cache-control", "no-store");
    return success(
      verifyCodeOutput.parse({
        VERIFIED: true,
        VERIFICATION_TOKEN: verified.token,
        EXPIRES_IN_SEC: verified.expiresInSec,
      }),
      "휴대폰 인증이 완료되었어요.",
    );
  });

  const throttleChecks = async (request: FastifyRequest) => {
    const now = deps.clock.now();
    const hit = await deps.limiters.availabilityAddress.hit(request.ip, now);
    if (hit.count > AVAILABILITY_CHECKS_PER_ADDRESS) {
      throw new AppError(
        "rate_limited",
        "too_many_requests",
        ACCOUNT_MESSAGES.tooManyRequests,
        [],
        {
          headers: { "retry-after": String(hit.retryAfterSeconds) },
        },
      );
    }
  };

  app.post("/join/check_email", async (request) => {
    const input = parseBody(checkEmailInput, request);
    await throttleChecks(request);
    return success(
      availabilityOutput.parse({ AVAILABLE: await isEmailAvailable(deps, input.EMAIL_ID) }),
    );
  });

  app.post("/join/check_nickname", async (request) => {
    const input = parseBody(checkNicknameInput, request);
    await throttleChecks(request);
    return success(
      availabilityOutput.parse({ AVAILABLE: await isNicknameAvailable(deps, input.NICKNAME) }),
    );
  });

  app.post("/join", async (request) => {
    const input = parseBody(joinInput, request);
    const joined = await join(
      deps,
      {
        userType: input.USER_TYPE,
        email: input.EMAIL_ID,
        password: input.PASSWORD,
        realname: input.REALNAME,
        nickname: input.NICKNAME,
        grade: input.GRADE,
        gender: input.GENDER,
        birthDate: input.BIRTH_DATE,
        verificationToken: input.VERIFICATION_TOKEN,
        parentPhone: input.PARENT_PHONE_NUM,
        agreedTerms: input.AGREED_TERMS,
      },
      requestContext(request),
    );
    return success(
      joinOutput.parse({
        USER_NO: joined.userNo,
        STATUS: joined.status,
        ...(joined.consent
          ? { CONSENT_URL: joined.consent.url, CONSENT_SMS_SENT: joined.consent.smsSent }
          : {}),
      }),
      joined.status === "ACTIVE" ? "회원가입이 완료되었어요." : "보호자 동의 후 가입이 완료돼요.",
    );
  });

  app.post("/join/parent_consent_info", async (request, reply) => {
    const input = parseBody(parentConsentInfoInput, request);
    await throttleChecks(request);
    const info = await consentInfo(deps, input.CONSENT_TICKET);
    reply.header("cache-control", "no-store");
    return success(
      parentConsentInfoOutput.parse({
        CHILD_USER_NO: info.childUserNo,
        CHILD_NAME: info.childName,
        PARENT_PHONE: info.parentPhone,
        STATUS: info.status,
      }),
    );
  });

  app.post("/join/parent_consent", async (request) => {
    const input = parseBody(parentConsentInput, request);
    const consented = await recordParentConsent(
      deps,
      {
        childUserNo: input.CHILD_USER_NO,
        parentName: input.PARENT_NAME,
        verificationToken: input.VERIFICATION_TOKEN,
      },
      requestContext(request),
    );
    return success(
      joinOutput.parse({ USER_NO: consented.userNo, STATUS: consented.status }),
      "보호자 동의가 완료되었어요.",
    );
  });
}
