/**
 * Linking one person's accounts on the two services of the family (issue 15; SPEC.md §2
 * /connect_account, /active_account_finish; §4 Account linking; §7 /user_Agree_family_services
 * and the two account-link calls; §8 toasts; docs/api/family-accounts.md; decision 034).
 *
 * Flow (both directions): prove the other account by email + password (account-link login,
 * throttled exactly like /main/login) → agree to the family-services terms (term id + version +
 * time) → connect. Forward (signed in here, proving a QUESTION account): success returns the
 * other service's auto-login ticket. Reverse (coming from the other service with its proof,
 * proving a LECTURE account here): success sends the person to /active_account_finish.
 * Linking never touches payments or any other data of either account. Every failed attempt is a
 * SECURITY audit entry and changes nothing.
 */
import { maskEmail } from "@seoltab/domain";
import {
  FAMILY_SERVICE_TERMS,
  checkFamilyTerms,
  type AgreedFamilyTerm,
  type LinkableServiceType,
  type ServiceType,
} from "@seoltab/domain/family-accounts";
import { AppError } from "../../../errors.ts";
import { insertAuditLog } from "../../../platform/audit.ts";
import type { AuthUser } from "../access-tokens.ts";
import type { AccountsDeps, RequestContext } from "../accounts.deps.ts";
import {
  LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_ADDRESSES,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
} from "../accounts.constants.ts";
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  withTransaction,
} from "../accounts.repository.ts";
import { loginKeys, tooManyAttempts } from "../sessions.service.ts";
import { FAMILY_MESSAGES } from "./family.messages.ts";
import {
  endAccountLink,
  familyAgreementsOf,
  findServiceAccountByEmail,
  findServiceAccountById,
  insertAccountLink,
  insertFamilyAgreements,
  liveLinksOf,
} from "./family.repository.ts";
import {
  AUTO_LOGIN_TTL_SECONDS,
  PROOF_TTL_SECONDS,
  type AccountProof,
  type LinkTickets,
} from "./link-tickets.ts";

export interface LinkDeps {
  deps: AccountsDeps;
  tickets: LinkTickets;
}

async function audit(
  { deps }: LinkDeps,
  ctx: RequestContext,
  entry: {
    actor: number | null;
    action: string;
    target?: string | null;
    detail?: Record<string, unknown>;
  },
) {
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: entry.actor ? "USER" : "UNKNOWN",
    actorUserId: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    detail: { ...entry.detail, ip: ctx.ip },
    requestId: ctx.requestId,
  });
}

const linkFailed = (code: string, detail?: string) =>
  new AppError("conflict", code, detail ?? FAMILY_MESSAGES.linkFailed);

/**
 * The account-link login (POST /main/account_link/login): proves an account of `serviceType`
 * with its email and password and returns a proof ticket. Signed in here (Bearer) the account must
 * be of another service (forward); without a Bearer it is either this service's account (reverse,
 * LECTURE) or the other service's own sign-in (its proof to come back with).
 * Throttled with the sign-in counters (decision 018): more than 5 tries per account from one
 * address, 20 per address or 30 per account in 15 min give 429 before the password is checked.
 * Same answer for an unknown email and a wrong password: 400 `link_login_failed` with the SPEC
 * §8 toast text (never 401: the web would sign the person out).
 * @throws AppError validation `link_login_failed` | `link_service_invalid`; rate_limited
 *   `too_many_attempts`
 */
export async function accountLinkLogin(
  link: LinkDeps,
  caller: AuthUser | null,
  input: { serviceType: ServiceType; email: string; password: string },
  ctx: RequestContext,
): Promise<{ ticket: string; expiresInSec: number; maskedEmail: string; name: string }> {
  const { deps } = link;
  const now = deps.clock.now();
  if (caller && input.serviceType === "LECTURE") {
    await audit(link, ctx, {
      actor: caller.userNo,
      action: "account_link_login_refused",
      detail: { reason: "same_service", serviceType: input.serviceType },
    });
    throw new AppError("validation", "link_service_invalid", FAMILY_MESSAGES.linkFailed);
  }
  const email = input.email.toLowerCase();
  const account =
    input.serviceType === "LECTURE"
      ? await findUserByEmail(deps.db, email)
      : await findServiceAccountByEmail(deps.db, input.serviceType, email);
  // LECTURE keys are the sign-in's own (one budget for guessing a password here); the other
  // service's are prefixed with its SERVICE_TYPE.
  const accountKey = input.serviceType === "LECTURE" ? email : `${input.serviceType}:${email}`;
  const keys = loginKeys(accountKey, ctx.ip, account?.passwordChangedAt ?? null);
  const pair = await deps.attempts.hit(keys.pair, LOGIN_WINDOW_MS, now);
  const address = await deps.attempts.hit(keys.address, LOGIN_WINDOW_MS, now);
  const whole = await deps.attempts.hit(keys.account, LOGIN_WINDOW_MS, now);
  const blocked =
    pair.count > LOGIN_FAILURES_PER_ACCOUNT ||
    address.count > LOGIN_FAILURES_PER_ADDRESS ||
    whole.count > LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_ADDRESSES;
  if (blocked) {
    await audit(link, ctx, {
      actor: caller?.userNo ?? null,
      action: "account_link_login_throttled",
      target: maskEmail(email),
      detail: { serviceType: input.serviceType },
    });
    throw tooManyAttempts(
      Math.max(pair.retryAfterSeconds, address.retryAfterSeconds, whole.retryAfterSeconds),
      now,
    );
  }
  const matches = account
    ? await deps.hasher.verify(account.passwordHash, input.password)
    : await deps.hasher.verifyDummy(input.password);
  const usable =
    account &&
    matches &&
    (input.serviceType !== "LECTURE" ||
      ("status" in account && account.status === "ACTIVE" && account.userType !== "ADMIN"));
  if (!usable) {
    await audit(link, ctx, {
      actor: caller?.userNo ?? null,
      action: "account_link_login_failure",
      target: maskEmail(email),
      detail: {
        serviceType: input.serviceType,
        reason: !account ? "unknown_email" : !matches ? "wrong_password" : "account_inactive",
      },
    });
    throw new AppError("validation", "link_login_failed", FAMILY_MESSAGES.linkLoginFailed, [
      { field: "PASSWORD", message: FAMILY_MESSAGES.linkLoginFailed },
    ]);
  }
  await deps.attempts.reset([keys.pair, keys.account]);
  await deps.attempts.release(keys.address);
  const ticket = await link.tickets.proof({
    serviceType: input.serviceType,
    accountId: account.id,
  });
  await audit(link, ctx, {
    actor: caller?.userNo ?? null,
    action: "account_link_login",
    target: `${input.serviceType}:${account.id}`,
  });
  return {
    ticket,
    expiresInSec: PROOF_TTL_SECONDS,
    maskedEmail: maskEmail(account.email),
    name: account.name,
  };
}

/** The LECTURE account a call speaks for: the signed-in caller, else a LECTURE proof. */
async function lectureAccountOf(
  link: LinkDeps,
  caller: AuthUser | null,
  proof: AccountProof | null,
): Promise<number | null> {
  if (caller) return caller.userNo;
  if (proof?.serviceType === "LECTURE") return proof.accountId;
  return null;
}

/**
 * Records the family-services terms (POST /main/user_Agree_family_services) for the signed-in
 * account, or (reverse flow) the LECTURE account a proof ticket names: every agreed term with its
 * version and the time. Unknown terms or old versions are refused; every required term must be in.
 * @throws AppError validation `terms_unknown` | `terms_required` | `link_ticket_invalid`
 */
export async function agreeFamilyServices(
  link: LinkDeps,
  caller: AuthUser | null,
  input: {
    linkTicket?: string | undefined;
    agreedTerms: Partial<Record<ServiceType, AgreedFamilyTerm[]>>;
  },
  ctx: RequestContext,
) {
  const { deps } = link;
  const proof = input.linkTicket ? await link.tickets.readProof(input.linkTicket) : null;
  const userId = await lectureAccountOf(link, caller, proof);
  const fail = async (error: AppError) => {
    await audit(link, ctx, {
      actor: userId,
      action: "family_services_agree_refused",
      detail: { reason: error.code },
    });
    return error;
  };
  if (userId === null) {
    throw await fail(
      new AppError("validation", "link_ticket_invalid", FAMILY_MESSAGES.linkTicketInvalid),
    );
  }
  const checked = checkFamilyTerms(input.agreedTerms);
  if (checked.unknown.length > 0) {
    throw await fail(
      new AppError("validation", "terms_unknown", FAMILY_MESSAGES.termsUnknown, [
        {
          field: "AGREED_TERMS",
          message: `${FAMILY_MESSAGES.termsUnknown} (${checked.unknown.join(", ")})`,
        },
      ]),
    );
  }
  if (checked.missing.length > 0) {
    throw await fail(
      new AppError("validation", "terms_required", FAMILY_MESSAGES.termsRequired, [
        {
          field: "AGREED_TERMS",
          message: `${FAMILY_MESSAGES.termsRequired} (${checked.missing.join(", ")})`,
        },
      ]),
    );
  }
  const now = deps.clock.now();
  await insertFamilyAgreements(
    deps.db,
    userId,
    checked.accepted.map((t) => ({ service: t.service, termId: t.id, termVersion: t.version })),
    now,
  );
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: "USER",
    actorUserId: userId,
    action: "family_services_agree",
    target: `user:${userId}`,
    detail: { terms: checked.accepted.map((t) => `${t.service}.${t.id}@${t.version}`), ip: ctx.ip },
    requestId: ctx.requestId,
  });
  return familyAgreementsOf(deps.db, userId);
}

/** True when `userId` agreed every required family-services term at its current version. */
async function agreedAllRequired(deps: AccountsDeps, userId: number): Promise<boolean> {
  const rows = await familyAgreementsOf(deps.db, userId);
  return FAMILY_SERVICE_TERMS.filter((t) => t.required).every((t) =>
    rows.some((r) => r.service === t.service && r.termId === t.id && r.termVersion === t.version),
  );
}

/** What a successful link answers. */
export type ConnectResult =
  | {
      direction: "FORWARD";
      serviceType: LinkableServiceType;
      autoLoginTicket: string;
      expiresInSec: number;
    }
  | { direction: "REVERSE"; serviceType: LinkableServiceType; redirect: "/active_account_finish" };

/**
 * Links the accounts (POST /main/account_link/connect).
 * - Forward: signed in here; LINK_TICKET proves the QUESTION account. Answers the other service's
 *   auto-login ticket.
 * - Reverse: not signed in here; FROM_TICKET proves the QUESTION account (from the other
 *   service), LINK_TICKET the LECTURE account. Answers REDIRECT /active_account_finish.
 * The family-services terms must be on record at their current versions. One live link per
 * LECTURE account and service, and per other account (unique indexes: of two links at once, one
 * is made and the other refused).
 * @throws AppError validation `link_ticket_invalid` | `terms_required`; conflict
 *   `already_linked` | `other_account_linked`
 */
export async function connectAccounts(
  link: LinkDeps,
  caller: AuthUser | null,
  input: { linkTicket: string; fromTicket?: string | undefined },
  ctx: RequestContext,
): Promise<ConnectResult> {
  const { deps } = link;
  const proof = await link.tickets.readProof(input.linkTicket);
  const from = input.fromTicket ? await link.tickets.readProof(input.fromTicket) : null;
  let userId: number | null = null;
  let other: AccountProof | null = null;
  let direction: "FORWARD" | "REVERSE" = "FORWARD";
  if (caller && proof && proof.serviceType !== "LECTURE") {
    userId = caller.userNo;
    other = proof;
  } else if (
    !caller &&
    proof?.serviceType === "LECTURE" &&
    from &&
    from.serviceType !== "LECTURE"
  ) {
    userId = proof.accountId;
    other = from;
    direction = "REVERSE";
  }
  const fail = async (error: AppError) => {
    await audit(link, ctx, {
      actor: userId ?? caller?.userNo ?? null,
      action: "account_link_failure",
      target: other ? `${other.serviceType}:${other.accountId}` : null,
      detail: { reason: error.code, direction },
    });
    return error;
  };
  if (userId === null || other === null) {
    throw await fail(
      new AppError("validation", "link_ticket_invalid", FAMILY_MESSAGES.linkTicketInvalid),
    );
  }
  const user = await findUserById(deps.db, userId);
  const account = await findServiceAccountById(deps.db, other.accountId);
  if (!user || user.status !== "ACTIVE" || !account || account.serviceType !== other.serviceType) {
    throw await fail(linkFailed("link_failed"));
  }
  if (!(await agreedAllRequired(deps, userId))) {
    throw await fail(new AppError("validation", "terms_required", FAMILY_MESSAGES.termsRequired));
  }
  const now = deps.clock.now();
  try {
    await withTransaction(deps.db, (tx) =>
      insertAccountLink(tx, {
        userId: user.id,
        serviceType: account.serviceType,
        serviceAccountId: account.id,
        direction,
        at: now,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, "account_links_user_live_key")) {
      throw await fail(linkFailed("already_linked", FAMILY_MESSAGES.alreadyLinked));
    }
    if (isUniqueViolation(err, "account_links_account_live_key")) {
      throw await fail(linkFailed("other_account_linked", FAMILY_MESSAGES.otherAccountLinked));
    }
    throw err;
  }
  await audit(link, ctx, {
    actor: user.id,
    action: "account_link",
    target: `${account.serviceType}:${account.id}`,
    detail: { direction },
  });
  const serviceType = account.serviceType as LinkableServiceType;
  if (direction === "REVERSE") {
    return { direction, serviceType, redirect: "/active_account_finish" };
  }
  return {
    direction,
    serviceType,
    autoLoginTicket: await link.tickets.autoLogin(serviceType, account.id),
    expiresInSec: AUTO_LOGIN_TTL_SECONDS,
  };
}

/** The signed-in account's live links (POST /main/account_link/status), emails masked. */
export async function accountLinksOf(link: LinkDeps, caller: AuthUser) {
  const rows = await liveLinksOf(link.deps.db, caller.userNo);
  return rows.map((r) => ({
    serviceType: r.serviceType,
    maskedEmail: maskEmail(r.email),
    linkedAt: r.linkedAt,
  }));
}

/**
 * Ends the signed-in account's link with a service (POST /main/account_link/unlink, from the
 * profile page). Both accounts stay as they are.
 * @throws AppError not_found `not_linked`
 */
export async function unlinkAccounts(
  link: LinkDeps,
  caller: AuthUser,
  serviceType: LinkableServiceType,
  ctx: RequestContext,
): Promise<void> {
  const ended = await endAccountLink(
    link.deps.db,
    caller.userNo,
    serviceType,
    link.deps.clock.now(),
  );
  if (!ended) {
    await audit(link, ctx, {
      actor: caller.userNo,
      action: "account_unlink_refused",
      detail: { reason: "not_linked", serviceType },
    });
    throw new AppError("not_found", "not_linked", FAMILY_MESSAGES.notLinked);
  }
  await audit(link, ctx, {
    actor: caller.userNo,
    action: "account_unlink",
    target: `${serviceType}:${ended.serviceAccountId}`,
  });
}
