import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { PAYMENT_CONTEXT, USER_CONTRACTS, type UserContract } from "../api/graphql";
import { formatWon } from "../../../content/promotions";
import { seoulDate } from "../labels";
import { ContractTermRows } from "./contract-terms";
import { errorMessage } from "../messages";
import { ContractStateBadges } from "./contract-state";

/**
 * The signed contracts of student `userId` (`userContracts`, newest first): name, payment date
 * (Asia/Seoul), months and the tablet, 서명 완료 with 환불됨 / 부분 환불 and the won refunded when
 * its payment was refunded, each with 계약서 보기 (the printable view).
 */
export function ContractsList({ userId }: { userId: number }) {
  const { data, loading, error, refetch } = useQuery(USER_CONTRACTS, {
    variables: { userId },
    context: PAYMENT_CONTEXT,
  });
  const contracts = data?.userContracts ?? null;

  return (
    <section
      className="contracts"
      aria-labelledby="signed-contracts-title"
      aria-busy={loading || undefined}
    >
      <h2 id="signed-contracts-title" className="contracts__title">
        서명한 계약서
      </h2>
      {error && !contracts ? (
        <div role="alert" className="pay-error">
          <p>{errorMessage(error)}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void refetch().catch(() => undefined)}
          >
            다시 시도
          </button>
        </div>
      ) : null}
      {loading && !contracts ? (
        <p role="status" className="pay-muted">
          계약서를 불러오는 중이에요…
        </p>
      ) : null}
      {contracts && contracts.length === 0 ? (
        <p className="pay-muted">
          아직 서명한 계약서가 없어요. 수업을 결제하면 계약서가 만들어지고, 서명하면 여기에서 다시
          보고 인쇄할 수 있어요.
        </p>
      ) : null}
      {contracts && contracts.length > 0 ? (
        <ul className="contracts__list">
          {contracts.map((c) => (
            <li key={c.id}>
              <ContractRow contract={c} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ContractRow({ contract: c }: { contract: UserContract }) {
  const titleId = `contract-${c.id}`;
  return (
    <article className="contracts__card" aria-labelledby={titleId} data-testid="signed-contract">
      <div className="contracts__top">
        <ContractStateBadges signed payment={c} />
        <span className="pay-history__date">결제일 {seoulDate(c.paidAt)}</span>
      </div>
      <h3 id={titleId} className="contracts__name">
        {c.contract.name}
      </h3>
      <dl className="price-list price-list--compact">
        <ContractTermRows userName={c.userName} parentName={c.parentName} contract={c.contract} />
        {c.refundedAmount > 0 ? (
          <div className="price-list__row">
            <dt>환불 금액</dt>
            <dd>
              {formatWon(c.refundedAmount)} / 결제 {formatWon(c.paidPrice)}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="pay-history__links">
        <Link to={`/_app/contracts/${encodeURIComponent(c.contract.id)}`}>
          계약서 보기<span className="visually-hidden"> · {c.contract.name}</span>
        </Link>
      </p>
    </article>
  );
}
