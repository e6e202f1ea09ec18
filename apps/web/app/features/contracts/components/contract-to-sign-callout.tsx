import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { CONTRACT_TO_SIGN, PAYMENT_CONTEXT } from "../api/graphql";

/** Where the signing page for student `userId` is. */
export function signContractPath(userId: number): string {
  return `/_app/contracts/sign?userId=${userId}`;
}

/**
 * "계약서 서명하기": shown when `contractToSign(input: { userId })` finds a contract waiting for a
 * signature after a payment; nothing otherwise (also when the question fails: the contracts page
 * asks again and says so).
 */
export function ContractToSignCallout({ userId }: { userId: number }) {
  const { data } = useQuery(CONTRACT_TO_SIGN, {
    variables: { input: { userId } },
    context: PAYMENT_CONTEXT,
  });
  const waiting = data?.contractToSign;
  if (!waiting) return null;
  return (
    <section className="contract-callout" aria-labelledby={`contract-callout-${userId}`}>
      <div>
        <h2 id={`contract-callout-${userId}`} className="contract-callout__title">
          서명할 계약서가 있어요
        </h2>
        <p className="contract-callout__body">
          {waiting.userName} 학생의 수강 계약서예요. 내용을 확인하고 서명해 주세요.
        </p>
      </div>
      <Link to={signContractPath(userId)} className="btn btn--primary">
        계약서 서명하기
      </Link>
    </section>
  );
}
