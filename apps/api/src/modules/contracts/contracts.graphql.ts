/**
 * The contracts part of the `/payment/graphql` backend (SPEC.md §7: SignContract, ContractToSign,
 * UserContract; docs/api/contracts.md). Every field needs a Bearer token; errors carry
 * `extensions.classification` and `code`. Merged into the payment module by app.ts.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import { AppError } from "../../errors.ts";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import {
  getContractDocument,
  getUserContract,
  listUserContracts,
  type UserContractView,
} from "./contracts.reads.ts";
import {
  getContractToSign,
  listContractsToSign,
  signContract,
  type ContractToSignView,
} from "./contracts.signing.ts";
import { parseContractId, parsePaymentId, type ContractsDeps } from "./contracts.common.ts";

export const contractsSchema = /* GraphQL */ `
  "Tablet ownership of a contract (SPEC.md §3): the family's own, bought, or lent with the lessons."
  enum OwnershipType {
    OWNED
    PAID
    RENTED
  }

  input ContractToSignInput {
    "The student whose contract is asked for."
    userId: Int!
    "The payment whose contract is asked for (its receipt's 계약서 서명하기); without it, the oldest."
    paymentId: ID
  }

  """
  SPEC.md §3 Contract to sign: a contract waiting for this user's signature. paymentState: PAID
  or PARTIALLY_REFUNDED (an order refunded in full has nothing to sign); amounts in won.
  """
  type ContractToSign {
    id: ID!
    userId: Int!
    userName: String!
    parentName: String
    name: String!
    paidAt: String!
    month: Int!
    paymentId: ID!
    paymentState: String!
    refundedAmount: Int!
    paidPrice: Int!
  }

  input SignContractInput {
    contractToSignId: ID!
    "The name typed as the signature: 1-50 characters."
    signerName: String!
    "Must be true: the signer has read and agrees to the contract."
    agreed: Boolean!
  }

  type SignContractResult {
    userContractId: ID!
  }

  type Contract {
    id: ID!
    "e.g. 설탭 스마트 수학 3개월 수강 계약"
    name: String!
    ownershipType: OwnershipType!
    isUsed: Boolean!
    "Months of lessons bought."
    month: Int!
    "The tablet's condition (SPEC.md §3): NEW_DEVICE or USED_DEVICE; null when the family uses its own."
    deviceCondition: String
    "How the tablet came with the order (SPEC.md §3): PURCHASE (bought), GIFT (given to keep: no rent, no return), null when lent free or the family's own."
    purchaseOrGift: String
  }

  "SPEC.md §3 UserContract: a signed contract. paidAt: ISO 8601 UTC."
  type UserContract {
    id: ID!
    userId: Int!
    userName: String!
    parentName: String
    paidAt: String!
    "Store item id of the tablet, null without one."
    deviceId: Int
    contract: Contract!
    "The order's payment: PAID, PARTIALLY_REFUNDED or TOTALLY_REFUNDED; amounts in won."
    paymentId: ID!
    paymentState: String!
    refundedAmount: Int!
    paidPrice: Int!
  }

  type ContractSection {
    heading: String!
    paragraphs: [String!]!
  }

  "The full Korean text of a contract, for reading and printing. Times ISO 8601 UTC."
  type ContractDocument {
    contractId: ID!
    "Version of the text (a signed contract keeps the version signed)."
    version: String!
    title: String!
    sections: [ContractSection!]!
    "The whole text as plain text; textHash is its SHA-256 (hex)."
    text: String!
    textHash: String!
    "The signer's name, role (STUDENT, PARENT, STAFF) and time; null while unsigned."
    signedBy: String
    signerRole: String
    signedAt: String
    "SHA-256 recorded at signing."
    signedTextHash: String
    "The order's payment: PAID, PARTIALLY_REFUNDED or TOTALLY_REFUNDED; amounts in won."
    paymentId: ID!
    paymentState: String!
    refundedAmount: Int!
    paidPrice: Int!
  }

  extend type Query {
    contractToSign(input: ContractToSignInput!): ContractToSign
    "Every contract of the user waiting for a signature, oldest first."
    contractsToSign(userId: Int!): [ContractToSign!]!
    "The latest signed contract of the user, or null."
    userContract(userId: Int!): UserContract
    "Every signed contract of the user, newest first."
    userContracts(userId: Int!): [UserContract!]!
    contractDocument(contractId: ID!): ContractDocument
  }

  extend type Mutation {
    signContract(input: SignContractInput!): SignContractResult!
  }
`;

/**
 * NEW_DEVICE / USED_DEVICE and PURCHASE / GIFT of a contract's tablet (issue #18), from the
 * contract row: PAID → PURCHASE; OWNED with a device → GIFT (a tablet given to keep is the
 * family's own); RENTED → lent free (null); OWNED without a device → the family's own tablet
 * (both null).
 */
export function contractDeviceTerms(
  ownershipType: string,
  isUsed: boolean,
  deviceId: number | null,
): { deviceCondition: string | null; purchaseOrGift: string | null } {
  if (ownershipType === "OWNED" && deviceId == null) {
    return { deviceCondition: null, purchaseOrGift: null };
  }
  return {
    deviceCondition: isUsed ? "USED_DEVICE" : "NEW_DEVICE",
    purchaseOrGift:
      ownershipType === "PAID" ? "PURCHASE" : ownershipType === "OWNED" ? "GIFT" : null,
  };
}

function userContractGraphql(view: UserContractView) {
  return {
    id: String(view.id),
    userId: view.userId,
    userName: view.userName,
    parentName: view.parentName,
    paidAt: view.paidAt.toISOString(),
    deviceId: view.deviceId,
    contract: {
      ...view.contract,
      id: String(view.contract.id),
      ...contractDeviceTerms(view.contract.ownershipType, view.contract.isUsed, view.deviceId),
    },
    paymentId: String(view.paymentId),
    paymentState: view.paymentState,
    refundedAmount: view.refundedAmount,
    paidPrice: view.paidPrice,
  };
}

function toSignGraphql(view: ContractToSignView) {
  return {
    ...view,
    id: String(view.id),
    paidAt: view.paidAt.toISOString(),
    paymentId: String(view.paymentId),
  };
}

function requestOf(ctx: MercuriusContext) {
  const request = ctx.reply.request;
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === "string" ? agent : null,
    requestId: request.id ?? null,
  };
}

export function contractsResolvers(deps: ContractsDeps): IResolvers {
  return {
    Query: {
      contractToSign: async (
        _root: unknown,
        args: { input: { userId: number; paymentId?: string | null } },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const paymentId =
          args.input.paymentId == null ? undefined : parsePaymentId(args.input.paymentId);
        const view = await getContractToSign(deps, caller, args.input.userId, paymentId);
        return view ? toSignGraphql(view) : null;
      },
      contractsToSign: async (_root: unknown, args: { userId: number }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return (await listContractsToSign(deps, caller, args.userId)).map(toSignGraphql);
      },
      userContract: async (_root: unknown, args: { userId: number }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const view = await getUserContract(deps, caller, args.userId);
        return view ? userContractGraphql(view) : null;
      },
      userContracts: async (_root: unknown, args: { userId: number }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return (await listUserContracts(deps, caller, args.userId)).map(userContractGraphql);
      },
      contractDocument: async (
        _root: unknown,
        args: { contractId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const contractId = parseContractId(args.contractId, "contractId");
        try {
          const doc = await getContractDocument(deps, caller, contractId);
          return {
            ...doc,
            contractId: String(doc.contractId),
            signedAt: doc.signedAt?.toISOString() ?? null,
            paymentId: String(doc.paymentId),
          };
        } catch (err) {
          // Staff asking for an id that does not exist: null, as the schema allows.
          if (err instanceof AppError && err.kind === "not_found") return null;
          throw err;
        }
      },
    },
    Mutation: {
      signContract: async (
        _root: unknown,
        args: { input: { contractToSignId: string; signerName: string; agreed: boolean } },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const userContractId = await signContract(
          deps,
          caller,
          {
            contractId: parseContractId(args.input.contractToSignId),
            signerName: args.input.signerName,
            agreed: args.input.agreed,
          },
          requestOf(ctx),
        );
        return { userContractId: String(userContractId) };
      },
    },
  };
}
