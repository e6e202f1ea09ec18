/**
 * Accounts calls on the serverless REST backend (SPEC.md §7; docs/api/accounts.md
 * "Serverless"), in the ONUEI_RES envelope:
 * PATCH /change_password — Bearer + CURRENT_PASSWORD + NEW_PASSWORD, or EMAIL_ID +
 *   VERIFICATION_TOKEN (CHANGE_PASSWORD) + NEW_PASSWORD; RESPONSE `{ CHANGED: true }`.
 * POST /get_user_by_parent_number — PARENT_PHONE_NUM + VERIFICATION_TOKEN (FIND_CHILD);
 *   RESPONSE `{ USERS: [{ USER_NO, USER_NAME (masked), EMAIL_ID (masked) }] }`.
 * POST /find_email — VERIFICATION_TOKEN (FIND_EMAIL); RESPONSE
 *   `{ ACCOUNTS: [{ EMAIL_ID (masked), USER_TYPE, JOINED_AT }] }` (아이디 찾기).
 */
import type { FastifyInstance } from "fastify";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import type { AccountsDeps } from "./accounts.deps.ts";
import { requestContext } from "./accounts.routes.ts";
import {
  changePasswordInput,
  changePasswordOutput,
  findEmailInput,
  findEmailOutput,
  userByParentNumberInput,
  userByParentNumberOutput,
} from "./accounts.schemas.ts";
import { authenticate } from "./auth.plugin.ts";
import { changePassword, findChildrenByParentPhone, findEmailsByPhone } from "./users.service.ts";

const tag = "accounts";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "PATCH /change_password": restSchema({
    summary: "비밀번호 변경 (현재 비밀번호 또는 휴대폰 인증)",
    tag,
    body: changePasswordInput,
    response: changePasswordOutput,
  }),
  "POST /get_user_by_parent_number": restSchema({
    summary: "보호자 번호로 자녀 계정 찾기",
    tag,
    body: userByParentNumberInput,
    response: userByParentNumberOutput,
  }),
  "POST /find_email": restSchema({
    summary: "휴대폰 인증으로 가입 이메일 찾기",
    tag,
    body: findEmailInput,
    response: findEmailOutput,
  }),
} as const;

/** Registers the accounts calls inside the `/serverless` REST backend (see module note). */
export async function accountsServerlessRoutes(
  app: FastifyInstance,
  opts: { deps: AccountsDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.patch("/change_password", async (request) => {
    const input = parseBody(changePasswordInput, request);
    const ctx = requestContext(request);
    if (input.CURRENT_PASSWORD !== undefined) {
      const caller = await authenticate(request);
      await changePassword(
        deps,
        {
          mode: "current",
          caller,
          currentPassword: input.CURRENT_PASSWORD,
          newPassword: input.NEW_PASSWORD,
        },
        ctx,
      );
    } else {
      if (input.EMAIL_ID === undefined || input.VERIFICATION_TOKEN === undefined) {
        throw new AppError("validation", "validation_failed", ACCOUNT_MESSAGES.verificationInvalid);
      }
      await changePassword(
        deps,
        {
          mode: "verified",
          email: input.EMAIL_ID,
          verificationToken: input.VERIFICATION_TOKEN,
          newPassword: input.NEW_PASSWORD,
        },
        ctx,
      );
    }
    return success(
      changePasswordOutput.parse({ CHANGED: true }),
      "비밀번호를 변경했어요. 다시 로그인해 주세요.",
    );
  });

  app.post("/get_user_by_parent_number", async (request) => {
    const input = parseBody(userByParentNumberInput, request);
    const users = await findChildrenByParentPhone(deps, {
      parentPhone: input.PARENT_PHONE_NUM,
      verificationToken: input.VERIFICATION_TOKEN,
    });
    return success(
      userByParentNumberOutput.parse({
        USERS: users.map((u) => ({
          USER_NO: u.userNo,
          USER_NAME: u.maskedName,
          EMAIL_ID: u.maskedEmail,
        })),
      }),
    );
  });

  app.post("/find_email", async (request, reply) => {
    const input = parseBody(findEmailInput, request);
    const accounts = await findEmailsByPhone(
      deps,
      { verificationToken: input.VERIFICATION_TOKEN },
      requestContext(request),
    );
    reply.header("cache-control", "no-store");
    return success(
      findEmailOutput.parse({
        ACCOUNTS: accounts.map((a) => ({
          EMAIL_ID: a.maskedEmail,
          USER_TYPE: a.userType,
          JOINED_AT: a.joinedAt.toISOString(),
        })),
      }),
      accounts.length > 0 ? "가입한 계정을 찾았어요." : "이 번호로 가입한 계정이 없어요.",
    );
  });
}
