import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { CONTRACTS_TO_SIGN, PAYMENT_CONTEXT, type ContractToSign } from "../api/graphql";
import { refundStateLabel, seoulDate } from "../labels";

/** Where the signing page for student `userId` is (the oldest contract waiting). */
export function signContractPath(userId: number): string {
  return `/_app/contracts/sign?userId=${userId}`;
}

/** Where the signing page of one contract is. */
export function signThisContractPath(contract: { id: string; userId: number }): string {
  return `/_app/contracts/sign?userId=${contract.userId}&contractId=${encodeURIComponent(contract.id)}`;
}

/**
 * "서명할 계약서": every contract of student `userId` waiting for a signature
 * (`contractsToSign`, oldest first), each with its name, payment date, a 부분 환불 badge when
 * part of its payment was refunded, and its own 계약서 서명하기. Nothing when none waits (also
 * when the question fails: the contracts page asks again and says so).
 */
export function ContractToSignCallout({ userId }: { userId: number }) {
  const { data } = useQuery(CONTRACTS_TO_SIGN, {
    variables: { userId },
    context: PAYMENT_CONTEXT,
  });
  const waiting = data?.contractsToSign ?? [];
  if (waiting.length === 0) return null;
  const titleId = `contract-callout-${userId}`;
  return (
    <section className="contract-callout" aria-labelledby={titleId} data-testid="contracts-to-sign">
      <div>
        <h2 id={titleId} className="contract-callout__title">
          서명할 계약서가 {waiting.length > 1 ? `${waiting.length}건 ` : ""}있어요
        </h2>
        <p className="contract-callout__body">
          {waiting[0]!.userName} 학생의 수강 계약서예요. 결제마다 계약서가 있어요. 내용을 확인하고
          서명해 주세요.
        </p>
      </div>
      <ul className="contract-callout__list">
        {waiting.map((c) => (
          <li key={c.id}>
            <ToSignRow contract={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ToSignRow({ contract: c }: { contract: ContractToSign }) {
  const refund = refundStateLabel(c.paymentState);
  return (
    <div className="contract-callout__item" data-testid="contract-to-sign">
      <div className="contract-callout__what">
        <p className="contract-callout__name">{c.name}</p>
        <p className="contract-callout__meta">
          결제일 {seoulDate(c.paidAt)}
          {refund ? (
            <>
              {" "}
              <span className={`pay-state pay-state--${c.paymentState.toLowerCase()}`}>
                {refund}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <Link to={signThisContractPath(c)} className="btn btn--primary">
        계약서 서명하기<span className="visually-hidden"> · {c.name}</span>
      </Link>
    </div>
  );
}
