/**
 * The contracts area as a module (issue #10): one contract per paid first order, written when
 * the payments area emits `payment.paid` (in the paying transaction, in a savepoint that can
 * never undo the payment), signing, the signed document.
 *
 * Contracts (계약서) of paid orders (issue #5; SPEC.md §3 UserContract, Contract to sign; §7
 * SignContract, ContractToSign, UserContract; contract docs/api/contracts.md).
 *
 * - A contract is written when a first payment (not a renewal) becomes PAID, in the payment's
 *   own transaction (`createContractForPayment`, one per payment: unique payment_id). Until it
 *   is signed its text is rendered on demand by packages/domain `renderContract` from the
 *   order; a signature stores the document exactly as signed (title, sections, text), its
 *   version and SHA-256, and a signed contract is always shown from that snapshot.
 * - Who may read or sign: the student, a linked parent, or staff (ADMIN, SALES_TEAM). Anyone
 *   else gets FORBIDDEN, also for ids that do not exist, so ids cannot be probed; the message
 *   says both ("찾을 수 없거나 … 권한이 없어요"). Staff get NOT_FOUND for a missing id
 *   (decision 014).
 * - Signing is idempotent for the same signer (same account and name: the same userContractId);
 *   a contract signed by someone else is a conflict and nothing changes.
 *
 * Files: contracts.documents.ts (writing a contract, rendering its text), contracts.signing.ts
 * (contracts to sign, `signContract`), contracts.reads.ts (signed contracts, the full document),
 * contracts.common.ts (deps, messages, access, ids), contracts.repository.ts (rows),
 * contracts.graphql.ts (the wire), contracts.public.ts (events).
 */
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { contractsResolvers, contractsSchema } from "./contracts.graphql.ts";
import { createContractForPayment } from "./contracts.documents.ts";
import type {} from "./contracts.public.ts"; // DomainEvents: contract.to-sign

export function contractsModule(ctx: ModuleContext, payments: PaymentsDeps): AppModule {
  ctx.events.on("payment.paid", "contracts", async (tx, { payment, items, at }) => {
    const contract = await createContractForPayment(tx, payment, ctx.log, items);
    if (contract && !contract.signedAt) {
      await ctx.events.emit(tx, "contract.to-sign", {
        contractId: contract.id,
        userId: contract.userId,
        name: contract.name,
        at,
      });
    }
  });
  return {
    name: "contracts",
    graphql: {
      payment: { schema: contractsSchema, resolvers: contractsResolvers(payments) },
    },
  };
}
