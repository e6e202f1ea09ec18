import { useParams } from "react-router";
import { ContractView } from "../features/contracts/components/contract-view";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../features/payments/payments.css";
import "../features/contracts/contracts.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-contract";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("계약서 보기"), "서명한 계약서를 보고 인쇄해요.");

/** /_app/contracts/:contractId: the signed contract, printable (인쇄하기). */
export default function AppContract() {
  const { contractId = "" } = useParams();
  const signedIn = useRootStore((state) => state.auth.flag && state.auth.data !== null);
  if (!signedIn) {
    return (
      <SignInRequired
        returnTo={`/_app/contracts/${encodeURIComponent(contractId)}`}
        what="계약서"
      />
    );
  }
  return <ContractView key={contractId} contractId={contractId} />;
}
