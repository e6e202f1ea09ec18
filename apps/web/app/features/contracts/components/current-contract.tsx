import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { PAYMENT_CONTEXT, USER_CONTRACT } from "../api/graphql";
import { seoulDate } from "../labels";
import { ContractTermRows } from "./contract-terms";

/**
 * 지금 계약 (SPEC.md §7 "Query UserContract"): the latest contract student `userId` signed —
 * its name, student and guardian, months, tablet and payment date (Asia/Seoul) — with the way
 * to read it. Nothing is shown while it loads, when none is signed yet, or when the call fails
 * (the list below says why).
 */
export function CurrentContract({ userId }: { userId: number }) {
  const { data } = useQuery(USER_CONTRACT, {
    variables: { userId },
    context: PAYMENT_CONTEXT,
  });
  const current = data?.userContract;
  if (!current) return null;
  return (
    <section
      className="contracts contracts--current"
      aria-labelledby="current-contract-title"
      data-testid="current-contract"
    >
      <h2 id="current-contract-title" className="contracts__title">
        지금 계약
      </h2>
      <article className="contracts__card">
        <p className="contracts__name">{current.contract.name}</p>
        <dl className="price-list price-list--compact">
          <ContractTermRows
            userName={current.userName}
            parentName={current.parentName}
            contract={current.contract}
          />
          <div className="price-list__row">
            <dt>결제일</dt>
            <dd>{seoulDate(current.paidAt)}</dd>
          </div>
        </dl>
        <p className="pay-history__links">
          <Link to={`/_app/contracts/${encodeURIComponent(current.contract.id)}`}>
            지금 계약서 보기
          </Link>
        </p>
      </article>
    </section>
  );
}
