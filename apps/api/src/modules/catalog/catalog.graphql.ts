/**
 * The catalog part of the `/payment/graphql` backend (SPEC.md §3 "Interest-free installment
 * period", §7 Query InterestFreeInstallmentPeriod; docs/api/catalog.md). Extends the base
 * schema; anonymous, read-only. Wired into the payment backend by the payments module.
 */
import type { IResolvers } from "mercurius";
import type { Database } from "@seoltab/db";
import { shownInterestFreePeriods } from "./catalog.service.ts";

export const catalogPaymentSchema = /* GraphQL */ `
  "A card company's interest-free installment promotion."
  type InterestFreeInstallmentPeriod {
    id: Int!
    "Card company, e.g. 신한카드."
    name: String!
    "Longest interest-free installment, in months."
    freeMonth: Int!
  }

  extend type Query {
    "The interest-free installment periods shown at checkout, in display order. Anonymous."
    interestFreeInstallmentPeriods: [InterestFreeInstallmentPeriod!]!
  }
`;

export function catalogPaymentResolvers(db: Database): IResolvers {
  return {
    Query: {
      interestFreeInstallmentPeriods: () => shownInterestFreePeriods(db),
    },
  };
}
