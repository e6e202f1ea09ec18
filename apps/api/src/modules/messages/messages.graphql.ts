/**
 * The messages parts of `/matching/graphql` and `/workspace/graphql` (issue #17;
 * docs/api/messages.md): each person's consent choices, and staff's view of the outbox.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import { isStaffUserType } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import { myConsents, outboxView, setConsent, type MessagesDeps } from "./messages.service.ts";

const CONSENTS = /* GraphQL */ `
  """
  A person's choice of one kind: MARKETING_SMS, MARKETING_EMAIL, MARKETING_PUSH or NIGHT
  (advertising at 21:00-08:00). Consent older than 2 years counts as none and needsReconfirm is
  true (정보통신망법 §50). Informational messages (payments, lessons) never depend on it.
  """
  type MessageConsent {
    kind: String!
    granted: Boolean!
    at: String
    needsReconfirm: Boolean!
  }

  extend type Query {
    messageConsents: [MessageConsent!]!
  }

  extend type Mutation {
    "Records a choice (append-only ledger, source PROFILE); returns every choice."
    setMessageConsent(kind: String!, granted: Boolean!): [MessageConsent!]!
  }
`;

export const messagesWorkspaceSchema = CONSENTS;

export const messagesMatchingSchema = /* GraphQL */ `
  ${CONSENTS}
  "Staff: one outbox row. state PENDING, SENDING, SENT, FAILED or CANCELLED."
  type OutboxMessage {
    id: ID!
    recipientUserId: Int!
    recipientName: String!
    recipientRole: String!
    channel: String!
    templateId: String!
    templateVersion: Int!
    subject: String!
    text: String!
    state: String!
    scheduledAt: String!
    attempts: Int!
    sentAt: String
    providerResult: String
    cancelReason: String
    createdAt: String!
  }

  extend type Query {
    "Staff: the outbox, newest first (50 a page), by recipient, subject (e.g. lesson:12) or state."
    messageOutbox(
      recipientUserId: Int
      subject: String
      state: String
      page: Int = 1
    ): [OutboxMessage!]!
  }
`;

function consentGraphql(list: Awaited<ReturnType<typeof myConsents>>) {
  return list.map((c) => ({
    kind: c.kind,
    granted: c.granted,
    at: c.at?.toISOString() ?? null,
    needsReconfirm: c.needsReconfirm,
  }));
}

function consentResolvers(deps: MessagesDeps) {
  return {
    Query: {
      messageConsents: async (_root: unknown, _args: unknown, ctx: MercuriusContext) =>
        consentGraphql(await myConsents(deps, await requireGraphqlUser(ctx))),
    },
    Mutation: {
      setMessageConsent: async (
        _root: unknown,
        args: { kind: string; granted: boolean },
        ctx: MercuriusContext,
      ) => consentGraphql(await setConsent(deps, await requireGraphqlUser(ctx), args)),
    },
  };
}

export function messagesWorkspaceResolvers(deps: MessagesDeps): IResolvers {
  return consentResolvers(deps);
}

export function messagesMatchingResolvers(deps: MessagesDeps): IResolvers {
  const base = consentResolvers(deps);
  return {
    ...base,
    Query: {
      ...base.Query,
      messageOutbox: async (
        _root: unknown,
        args: {
          recipientUserId?: number | null;
          subject?: string | null;
          state?: string | null;
          page?: number | null;
        },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        if (!isStaffUserType(caller.userType)) {
          throw new AppError("forbidden", "staff_only", "운영팀만 볼 수 있어요.");
        }
        const page = args.page ?? 1;
        if (!Number.isInteger(page) || page < 1 || page > 10_000) {
          throw new AppError("validation", "validation_failed", "page 는 1 이상의 정수여야 해요.", [
            { field: "page", message: "1 이상의 정수여야 해요." },
          ]);
        }
        const rows = await outboxView(
          deps.db,
          {
            recipientUserId: args.recipientUserId ?? undefined,
            subject: args.subject?.slice(0, 64) ?? undefined,
            state: args.state?.slice(0, 16) ?? undefined,
          },
          50,
          (page - 1) * 50,
        );
        return rows.map(({ row, recipientName }) => ({
          id: String(row.id),
          recipientUserId: row.recipientUserId,
          recipientName,
          recipientRole: row.recipientRole,
          channel: row.channel,
          templateId: row.templateId,
          templateVersion: row.templateVersion,
          subject: row.subject,
          text: row.text,
          state: row.state,
          scheduledAt: row.scheduledAt.toISOString(),
          attempts: row.attempts,
          sentAt: row.sentAt?.toISOString() ?? null,
          providerResult: row.providerResult,
          cancelReason: row.cancelReason,
          createdAt: row.createdAt.toISOString(),
        }));
      },
    },
  };
}
