import { useApolloClient, useQuery } from "@apollo/client/react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import {
  CONTRACT_DOCUMENT,
  CONTRACT_TO_SIGN,
  PAYMENT_CONTEXT,
  SIGN_CONTRACT,
  type ContractToSign,
} from "../api/graphql";
import { errorMessage, isContractNotFound } from "../messages";
import type { SignContractValues } from "../sign-schema";
import { ContractDocumentText } from "./contract-document";
import { ContractRefundNote } from "./contract-state";
import { ContractNotFound } from "./contract-view";
import { SignContractForm } from "./sign-contract-form";

/** Toast after signing. */
export const SIGNED_MESSAGE =
  "계약서에 서명했어요. 서명한 계약서는 언제든 다시 보고 인쇄할 수 있어요.";

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

function Problem({
  title,
  message,
  retry,
}: {
  title: string;
  message: string;
  retry?: () => void;
}) {
  return (
    <section className="app-panel" aria-labelledby="sign-title">
      <h1 id="sign-title">{title}</h1>
      <p role="alert">{message}</p>
      {retry ? (
        <div className="app-panel__actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={retry}>
            다시 시도
          </button>
        </div>
      ) : null}
      <Back />
    </section>
  );
}

/**
 * The signing page: the contract `contractId` when given; else the contract of payment
 * `paymentId` (a receipt's 계약서 서명하기) or, without it, the oldest one waiting for student
 * `userId` (`contractToSign`); its full text (`contractDocument`), then the name and the
 * agreement (`signContract`). Success: a toast and the signed view (/_app/contracts/:id). A
 * refusal (signed by someone else, not yours): the server's message as a toast, the form stays.
 */
export function SignContract({
  userId,
  contractId,
  paymentId,
  suggestedName,
}: {
  userId: number | null;
  contractId?: string | null;
  paymentId?: string | null;
  suggestedName?: string;
}) {
  const toSign = useQuery(CONTRACT_TO_SIGN, {
    variables: { input: { userId: userId ?? 0, ...(paymentId ? { paymentId } : {}) } },
    context: PAYMENT_CONTEXT,
    skip: Boolean(contractId) || userId === null,
  });
  const waiting: ContractToSign | null = toSign.data?.contractToSign ?? null;
  const id = contractId ?? waiting?.id ?? null;

  if (!contractId) {
    if (toSign.error) {
      return (
        <Problem
          title="계약서를 불러오지 못했어요"
          message={errorMessage(toSign.error)}
          retry={() => void toSign.refetch().catch(() => undefined)}
        />
      );
    }
    if (toSign.loading || userId === null) {
      return (
        <section className="app-panel" aria-labelledby="sign-title" aria-busy="true">
          <h1 id="sign-title">계약서를 불러오는 중이에요</h1>
          <p role="status">잠시만 기다려 주세요.</p>
        </section>
      );
    }
    if (!waiting) {
      return (
        <section className="app-panel" aria-labelledby="sign-title">
          <h1 id="sign-title">서명할 계약서가 없어요</h1>
          <p>
            {paymentId
              ? "이 결제의 계약서는 이미 서명했거나, 전액 환불되어 서명할 필요가 없어요. 계약서 목록에서 확인해 주세요."
              : "결제한 수업의 계약서는 모두 서명했어요. 서명한 계약서는 목록에서 볼 수 있어요."}
          </p>
          <Back />
        </section>
      );
    }
  }
  return <SignDocument key={id} contractId={id!} waiting={waiting} suggestedName={suggestedName} />;
}

function SignDocument({
  contractId,
  waiting,
  suggestedName,
}: {
  contractId: string;
  waiting: ContractToSign | null;
  suggestedName?: string;
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(CONTRACT_DOCUMENT, {
    variables: { contractId },
    context: PAYMENT_CONTEXT,
  });
  const doc = data?.contractDocument ?? null;

  if (error && !doc && isContractNotFound(error)) return <ContractNotFound titleId="sign-title" />;
  if (error && !doc) {
    return (
      <Problem
        title="계약서를 불러오지 못했어요"
        message={errorMessage(error)}
        retry={() => void refetch().catch(() => undefined)}
      />
    );
  }
  if (loading || !doc) {
    if (!loading && !doc) return <ContractNotFound titleId="sign-title" />;
    return (
      <section className="app-panel" aria-labelledby="sign-title" aria-busy="true">
        <h1 id="sign-title">계약서를 불러오는 중이에요</h1>
        <p role="status">잠시만 기다려 주세요.</p>
      </section>
    );
  }
  if (doc.signedAt) {
    return (
      <section className="app-panel" aria-labelledby="sign-title">
        <h1 id="sign-title">이미 서명한 계약서예요</h1>
        <p>서명한 계약서를 보고 인쇄할 수 있어요.</p>
        <div className="app-panel__actions">
          <Link to={`/_app/contracts/${contractId}`} className="btn btn--primary btn--lg">
            계약서 보기
          </Link>
        </div>
        <Back />
      </section>
    );
  }

  const sign = async ({ signerName }: SignContractValues) => {
    try {
      await client.mutate({
        mutation: SIGN_CONTRACT,
        variables: { input: { contractToSignId: contractId, signerName, agreed: true } },
        context: PAYMENT_CONTEXT,
      });
    } catch (e) {
      toast.error(errorMessage(e));
      return;
    }
    toast.success(SIGNED_MESSAGE);
    await navigate(`/_app/contracts/${encodeURIComponent(contractId)}`, { replace: true });
  };

  return (
    <div className="contract-page">
      <header className="pay-page__head contract-page__head">
        <p className="pay-page__eyebrow">계약서 서명</p>
        <h1 className="pay-page__title">계약서를 읽고 서명해 주세요</h1>
        <p className="pay-page__lead">
          {waiting
            ? `${waiting.userName} 학생${waiting.parentName ? ` · 보호자 ${waiting.parentName}` : ""}의 수강 계약서예요. `
            : ""}
          끝까지 읽은 뒤 아래에서 서명해 주세요.
        </p>
      </header>
      <ContractRefundNote payment={doc} />
      <ContractDocumentText doc={doc} headingLevel={2} titleId="contract-title" />
      <SignContractForm onSign={sign} suggestedName={suggestedName} />
      <Back />
    </div>
  );
}
