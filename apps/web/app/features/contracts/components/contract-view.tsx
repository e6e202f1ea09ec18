import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { CONTRACT_DOCUMENT, PAYMENT_CONTEXT } from "../api/graphql";
import { errorMessage, isContractNotFound } from "../messages";
import { ContractDocumentText } from "./contract-document";
import { ContractRefundNote, ContractStateBadges } from "./contract-state";

/** Opens the browser's print dialog (a parameter so tests can watch it). */
export function printPage(): void {
  window.print();
}

/**
 * An id that does not exist or is not the caller's (the server answers both the same): nothing
 * to retry, the way back is the list.
 */
export function ContractNotFound({ titleId }: { titleId: string }) {
  return (
    <section className="app-panel" aria-labelledby={titleId} data-testid="contract-not-found">
      <h1 id={titleId}>계약서를 찾을 수 없어요</h1>
      <p>주소가 맞는지 확인해 주세요. 계약서 목록에서 다시 골라 주세요.</p>
      <div className="app-panel__actions">
        <Link to="/_app/contracts" className="btn btn--primary btn--lg">
          계약서 목록
        </Link>
      </div>
    </section>
  );
}

function Back() {
  return (
    <div className="pay-actions pay-actions--center no-print">
      <Link to="/_app/contracts" className="btn btn--secondary btn--lg">
        계약서 목록
      </Link>
      <Link to="/_app" className="btn btn--secondary btn--lg">
        내 학습 공간
      </Link>
    </div>
  );
}

/**
 * /_app/contracts/:id: the contract as signed (`contractDocument`): its full text, who signed and
 * when, and 인쇄하기 (the browser's print dialog; contracts.css prints the document only, without
 * the menu and buttons). An unsigned contract says so and leads to signing it.
 */
export function ContractView({
  contractId,
  print = printPage,
}: {
  contractId: string;
  print?: () => void;
}) {
  const { data, loading, error, refetch } = useQuery(CONTRACT_DOCUMENT, {
    variables: { contractId },
    context: PAYMENT_CONTEXT,
  });
  const doc = data?.contractDocument ?? null;

  if (error && !doc && isContractNotFound(error))
    return <ContractNotFound titleId="contract-title" />;
  if (error && !doc) {
    return (
      <section className="app-panel" aria-labelledby="contract-title">
        <h1 id="contract-title">계약서를 불러오지 못했어요</h1>
        <p role="alert">{errorMessage(error)}</p>
        <div className="app-panel__actions">
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={() => void refetch().catch(() => undefined)}
          >
            다시 시도
          </button>
        </div>
        <Back />
      </section>
    );
  }
  if (!doc) {
    return loading ? (
      <section className="app-panel" aria-labelledby="contract-title" aria-busy="true">
        <h1 id="contract-title">계약서를 불러오는 중이에요</h1>
        <p role="status">잠시만 기다려 주세요.</p>
      </section>
    ) : (
      <ContractNotFound titleId="contract-title" />
    );
  }

  return (
    <div className="contract-page">
      <div className="contract-toolbar no-print" role="group" aria-label="계약서 도구">
        <Link to="/_app/contracts" className="btn btn--secondary">
          ← 계약서 목록
        </Link>
        {doc.signedAt ? (
          <button type="button" className="btn btn--primary" onClick={print}>
            인쇄하기
          </button>
        ) : null}
      </div>
      <div className="contract-status no-print">
        <ContractStateBadges signed={doc.signedAt !== null} payment={doc} />
      </div>
      <ContractRefundNote payment={doc} />
      {doc.signedAt || doc.paymentState === "TOTALLY_REFUNDED" ? null : (
        <div className="form-alert form-alert--info no-print" role="status">
          <p>아직 서명하지 않은 계약서예요. 내용을 확인하고 서명해 주세요.</p>
          <Link
            to={`/_app/contracts/sign?contractId=${encodeURIComponent(doc.contractId)}`}
            className="btn btn--primary"
          >
            계약서 서명하기
          </Link>
        </div>
      )}
      <ContractDocumentText doc={doc} headingLevel={1} titleId="contract-title" />
      <Back />
    </div>
  );
}
