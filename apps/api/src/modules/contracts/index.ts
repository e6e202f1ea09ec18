/**
 * The contracts area as a module (issue #10): one contract per paid first order, written when
 * the payments area emits `payment.paid` (in the paying transaction, in a savepoint that can
 * never undo the payment), signing, the signed document.
 */
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { contractsResolvers, contractsSchema } from "./contracts.graphql.ts";
import { createContractForPayment } from "./contracts.service.ts";
import type {} from "./contracts.public.ts"; // DomainEvents: contract.to-sign

export function contractsModule(ctx: ModuleContext, payments: PaymentsDeps): AppModule {
  ctx.events.on("payment.paid", "contracts", async (tx, { payment, at }) => {
    const contract = await createContractForPayment(tx, payment, ctx.log);
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
