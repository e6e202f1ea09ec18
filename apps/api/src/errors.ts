/**
 * Application errors with stable codes (CONVENTIONS.md §5). A domain error has a kind and a
 * snake_case code; this file is the one place mapping kinds to HTTP status and GraphQL
 * classification (DESIGN.md §2) and codes to Korean messages a person can act on.
 */
import { TransitionNotAllowedError } from "@seoltab/domain";

export type ErrorKind =
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_declined"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "gateway"
  | "unavailable"
  | "internal";

/** GraphQL `extensions.classification` values (DESIGN.md §2). */
export type Classification =
  "BAD_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "INTERNAL_ERROR";

/** One invalid field of a request: its name as sent on the wire and a Korean message. */
export interface FieldProblem {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable snake_case code, e.g. `validation_failed`, `route_not_found`. */
    readonly code: string,
    /** Korean message shown to the person. */
    message: string,
    readonly fields: FieldProblem[] = [],
    /**
     * Extra machine-readable values sent beside ERROR_CODE in the REST failure RESPONSE
     * (UPPER_SNAKE keys, e.g. `{ REMAINING_ATTEMPTS: 3 }`), and HTTP headers (`Retry-After`).
     */
    readonly extra: { response?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

const KINDS: Record<
  ErrorKind,
  { status: number; classification: Classification; statusCode: string }
> = {
  validation: { status: 400, classification: "BAD_REQUEST", statusCode: "4000" },
  unauthorized: { status: 401, classification: "UNAUTHORIZED", statusCode: "4010" },
  forbidden: { status: 403, classification: "FORBIDDEN", statusCode: "4030" },
  not_found: { status: 404, classification: "NOT_FOUND", statusCode: "4040" },
  conflict: { status: 409, classification: "BAD_REQUEST", statusCode: "4090" },
  payment_declined: { status: 402, classification: "BAD_REQUEST", statusCode: "4020" },
  payload_too_large: { status: 413, classification: "BAD_REQUEST", statusCode: "4130" },
  unsupported_media_type: { status: 415, classification: "BAD_REQUEST", statusCode: "4150" },
  rate_limited: { status: 429, classification: "BAD_REQUEST", statusCode: "4290" },
  gateway: { status: 502, classification: "INTERNAL_ERROR", statusCode: "5020" },
  unavailable: { status: 503, classification: "INTERNAL_ERROR", statusCode: "5030" },
  internal: { status: 500, classification: "INTERNAL_ERROR", statusCode: "5000" },
};

/** HTTP status, GraphQL classification and envelope STATUSCODE of an error kind. */
export function describeKind(kind: ErrorKind) {
  return KINDS[kind];
}

/** Korean message for errors that reach users without a more specific one. */
export const MESSAGES = {
  internal: "일시적인 오류가 발생했어요. 잠시 후 다시 시도해 주세요.",
  routeNotFound: "요청하신 주소를 찾을 수 없어요. 주소를 다시 확인해 주세요.",
  invalidJson: "요청 본문이 올바른 JSON 형식이 아니에요. 내용을 확인한 뒤 다시 보내 주세요.",
  emptyJson: "요청 본문이 비어 있어요. JSON 객체를 보내 주세요.",
  unsupportedMediaType: "지원하지 않는 Content-Type 이에요. application/json 으로 보내 주세요.",
  payloadTooLarge: "요청 본문이 너무 커요. 크기를 줄여 다시 보내 주세요.",
  validation: "입력값을 확인해 주세요.",
  methodNotAllowed: "이 주소는 POST 요청만 받아요.",
  graphqlSyntax: "GraphQL 요청 문서를 해석할 수 없어요. 문법을 확인해 주세요.",
  graphqlValidation: "GraphQL 요청이 스키마와 맞지 않아요. 필드와 인자를 확인해 주세요.",
  graphqlTooDeep: "GraphQL 요청이 너무 깊게 중첩되어 있어요. 요청을 나누어 보내 주세요.",
  graphqlTooComplex: "GraphQL 요청이 너무 많은 데이터를 요구해요. 요청을 나누어 보내 주세요.",
  graphqlMissingQuery: "GraphQL 요청에 query 가 없어요.",
  graphqlQueryNotString: "GraphQL 요청의 query 는 GraphQL 문서 문자열이어야 해요.",
  badText: "입력값에 사용할 수 없는 문자(NUL 또는 잘못된 유니코드)가 있어요. 내용을 확인해 주세요.",
  transitionNotAllowed:
    "지금 상태에서는 할 수 없는 변경이에요. 화면을 새로 고친 뒤 다시 확인해 주세요.",
} as const;

/**
 * Korean messages of the accounts area (SPEC.md §8; docs/api/accounts.md). Token failures carry
 * only the generic `tokenRequired` text (SPEC.md §8: no user message for verification failures).
 */
export const ACCOUNT_MESSAGES = {
  tokenRequired: "로그인이 필요해요. 다시 로그인해 주세요.",
  forbidden: "이 요청을 처리할 권한이 없어요.",
  invalidCredentials: "이메일 주소와 비밀번호를 다시 확인해 주세요.",
  tooManyAttempts: (minutes: number) =>
    `비밀번호를 여러 번 잘못 입력해서 로그인이 잠겼어요. ${minutes}분 후에 다시 시도하거나 비밀번호 찾기로 새 비밀번호를 만들어 주세요.`,
  tooManyRequests: "요청이 너무 많아요. 잠시 후 다시 시도해 주세요.",
  tooManySends: "인증번호 요청이 너무 많아요. 1시간 후에 다시 시도해 주세요.",
  parentConsentRequired: "보호자 동의가 아직 완료되지 않았어요. 보호자 동의 후 로그인해 주세요.",
  parentConsentResent: (masked: string) =>
    `보호자 동의가 아직 완료되지 않았어요. 보호자 휴대폰(${masked})으로 동의 요청 문자를 다시 보냈어요. 보호자 동의 후 로그인해 주세요.`,
  accountInactive: "사용할 수 없는 계정이에요. 고객센터로 문의해 주세요.",
  invalidGrant: "로그인이 만료되었어요. 다시 로그인해 주세요.",
  codeMismatch: (remaining: number) =>
    `인증번호가 일치하지 않아요. 다시 입력해 주세요. (남은 횟수 ${remaining}회)`,
  codeExpired: "인증번호가 만료되었어요. 인증번호를 다시 받아 주세요.",
  verificationInvalid: "휴대폰 인증이 만료되었거나 올바르지 않아요. 휴대폰 인증을 다시 해 주세요.",
  verificationMismatch: "인증한 휴대폰 번호가 계정 정보와 일치하지 않아요.",
  emailTaken: "이미 가입된 이메일 주소예요. 로그인하거나 다른 이메일을 입력해 주세요.",
  nicknameTaken: "이미 사용 중인 닉네임이에요. 다른 닉네임을 입력해 주세요.",
  termsRequired: "필수 약관에 모두 동의해 주세요.",
  parentPhoneRequired: "만 14세 미만은 보호자 휴대폰 번호가 필요해요.",
  parentPhoneSameAsOwn: "보호자 휴대폰 번호는 본인 휴대폰 번호와 달라야 해요.",
  birthDateInvalid: "생년월일을 오늘 이전의 실제 날짜로 입력해 주세요.",
  underFourteenStudentOnly: "만 14세 미만은 학생 회원으로만 가입할 수 있어요.",
  consentNotPending: "보호자 동의를 기다리는 계정이 아니에요. 회원 번호를 확인해 주세요.",
  userNotFound: "회원 정보를 찾을 수 없어요.",
  consentLinkInvalid:
    "보호자 동의 링크가 올바르지 않거나 만료되었어요. 문자로 받은 링크를 그대로 열어 주세요.",
  consentAlreadyGiven: "이미 보호자 동의를 마친 계정이에요.",
  parentPhoneMismatch: (masked: string) =>
    `자녀가 가입할 때 입력한 보호자 번호(${masked})와 달라요. 그 번호로 인증해 주세요.`,
  wrongCurrentPassword: "현재 비밀번호가 올바르지 않아요. 다시 확인해 주세요.",
  samePassword: "새 비밀번호는 현재 비밀번호와 달라야 해요.",
  jwksUnavailable: "로그인 확인 서버에 연결할 수 없어요. 잠시 후 다시 시도해 주세요.",
  smsUnavailable: "문자 발송 서비스에 연결할 수 없어요. 잠시 후 다시 시도해 주세요.",
  originNotAllowed: "허용되지 않은 출처의 요청이에요.",
} as const;

/**
 * GraphQL `extensions.code` of token errors (SPEC.md §4, §8; packages/domain TOKEN_ERROR_CODES):
 * `003` expired, `012` missing or invalid (including a refresh that failed).
 */
export const GRAPHQL_TOKEN_CODES: Readonly<Record<string, "003" | "012">> = {
  token_expired: "003",
  token_invalid: "012",
  invalid_grant: "012",
};

/**
 * Maps a Fastify/framework error (JSON parse, content type, body size) or an AppError to an
 * AppError. Unknown errors become `internal` with a generic message: 5xx details never leave
 * the server.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TransitionNotAllowedError) {
    return new AppError("conflict", "transition_not_allowed", MESSAGES.transitionNotAllowed);
  }
  const e = err as { code?: string; statusCode?: number; validation?: unknown } | undefined;
  switch (e?.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("validation", "invalid_json", MESSAGES.invalidJson);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("validation", "empty_json", MESSAGES.emptyJson);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError(
        "unsupported_media_type",
        "unsupported_media_type",
        MESSAGES.unsupportedMediaType,
      );
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", "payload_too_large", MESSAGES.payloadTooLarge);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("validation", "invalid_content_length", MESSAGES.invalidJson);
  }
  if (err instanceof SyntaxError && e?.statusCode === 400) {
    return new AppError("validation", "invalid_json", MESSAGES.invalidJson);
  }
  if (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError("validation", "bad_request", MESSAGES.validation);
  }
  if (isBadTextForDatabase(err)) {
    // Text PostgreSQL cannot store (U+0000, invalid UTF-8) that got past the edge: the
    // client's input, never a 500 (issue #19).
    return new AppError("validation", "validation_failed", MESSAGES.badText);
  }
  return new AppError("internal", "internal_error", MESSAGES.internal);
}

/**
 * True when `err` (or an error it wraps) is PostgreSQL refusing the text it was given:
 * SQLSTATE 22021 (invalid byte sequence, e.g. U+0000) or 22P05 (untranslatable character).
 */
export function isBadTextForDatabase(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    if (e.code === "22021" || e.code === "22P05") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Korean messages of the payments area (SPEC.md §8; docs/api/payments.md). */
export const PAYMENT_MESSAGES = {
  notYourUser: "이 학생의 결제를 진행할 권한이 없어요.",
  userNotFound: "학생 계정을 찾을 수 없어요.",
  notAStudent: "수업은 학생 계정으로만 신청할 수 있어요. 자녀의 학생 계정을 선택해 주세요.",
  merchantUidReused: "이미 다른 주문에 사용된 주문번호예요. 새로 주문해 주세요.",
  billingCardRequired: "등록된 결제 카드가 없어요. 카드를 먼저 등록해 주세요.",
  billingCardUnusable: "이 카드로는 결제할 수 없어요. 결제 카드를 다시 등록해 주세요.",
  billingCardIdOnlyForCard: "BILLING_CARD_ID 는 등록 카드 결제에만 보낼 수 있어요.",
  emptyOrder: "주문할 상품을 선택해 주세요.",
  tooManyLines: "한 번에 주문할 수 있는 상품 수를 넘었어요.",
  duplicateItem: "같은 상품이 두 번 들어 있어요. 주문 내용을 확인해 주세요.",
  unknownItem: "판매하지 않는 상품이 있어요. 상품을 다시 선택해 주세요.",
  monthsNotAllowed: "이 상품은 선택한 개월 수로 구매할 수 없어요.",
  lectureRequired: "수업 상품을 한 개 이상 선택해 주세요.",
  quotaNotAllowed: "할부는 5만 원 이상 카드 결제에서 2~12개월로만 선택할 수 있어요.",
  cardRefused: "카드 정보를 확인해 주세요.",
  gatewayUnavailable:
    "결제 서버에 연결하지 못했어요. 결제되지 않았으니 잠시 후 다시 시도해 주세요.",
  pending: "결제 결과를 확인하고 있어요. 잠시 후 결제 내역에서 확인해 주세요.",
  paid: "결제가 완료되었어요.",
  vbankIssued: "가상계좌가 발급되었어요. 입금 기한 안에 입금해 주세요.",
  cardRegistered: "카드가 등록되었어요.",
  paymentNotFound: "결제 내역을 찾을 수 없어요.",
  staffOnly: "관리자만 할 수 있어요.",
} as const;

/** Korean messages of subscriptions (monthly renewals; issue #11 item 1, decision 012). */
export const SUBSCRIPTION_MESSAGES = {
  notFound: "자동 결제 정보를 찾을 수 없어요.",
  notYours: "이 자동 결제를 해지할 권한이 없어요.",
} as const;

/** Korean messages of the refunds area (issue #5; docs/api/refunds.md, docs/refunds.md). */
export const REFUND_MESSAGES = {
  paymentNotFound:
    "결제 내역을 찾을 수 없어요. 결제 번호를 확인하거나, 결제한 계정으로 로그인해 주세요.",
  itemNotInPayment: "이 결제에 없는 항목이에요. 환불할 항목을 다시 선택해 주세요.",
  notRefundable: "결제가 완료된 건만 환불할 수 있어요.",
  refundedPaymentItem: "이미 환불했거나 환불 요청이 진행 중인 항목이에요.",
  nothingToRefund:
    "고른 항목은 낸 금액이 없어(0원) 돌려받을 금액이 없어요. 환불받을 수업이나 상품을 함께 골라 주세요.",
  refundAccountRequired:
    "가상계좌·현금 결제는 돌려받을 은행 계좌가 필요해요. 은행, 계좌번호, 예금주를 입력해 주세요.",
  /** The gateway's own text stays with the request for staff (gateway_note), never here. */
  refused:
    "결제대행사에서 환불이 처리되지 않았어요. 잠시 후 다시 요청하거나 고객센터로 문의해 주세요.",
  gatewayUnavailable: "결제 서버에 연결하지 못해 환불하지 못했어요. 잠시 후 다시 요청해 주세요.",
  refunded: (amount: string) =>
    `${amount}이 환불되었어요. 카드사에 따라 취소 내역이 보이기까지 3~7영업일이 걸릴 수 있어요.`,
  pending:
    "환불 결과를 아직 확인하지 못했어요. 담당자가 결제대행사에 확인한 뒤 안내해 드릴게요. 다시 요청하지 않으셔도 돼요.",
  staffReview: "환불 요청이 접수되었어요. 담당자가 확인한 뒤 안내해 드릴게요.",
  refundInProgress:
    "이 결제의 다른 환불을 결제대행사에서 처리하고 있어요. 잠시 후 다시 요청해 주세요.",
  requestNotFound: "환불 요청을 찾을 수 없어요.",
  alreadyDecided: "이미 처리된 환불 요청이에요. 목록을 새로 고쳐 확인해 주세요.",
  notPending: "결제대행사 확인을 기다리는 환불 요청이 아니에요.",
  amountRequired: "환불할 금액을 1원 이상으로 입력해 주세요.",
  amountExceedsPaid: (remaining: string) =>
    `결제한 금액보다 많이 환불할 수 없어요. 이 요청의 항목에서 환불할 수 있는 금액은 최대 ${remaining}이에요.`,
  noteRequired: "거절하거나 법정 환불액보다 많이 환불할 때는 사유(NOTE)를 적어 주세요.",
  staffOnly: "관리자만 할 수 있어요.",
} as const;
