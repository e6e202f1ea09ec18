import { useApolloClient } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { actingChildOf, useActingChildStore } from "../../../stores/acting-child-store";
import { lectureStateLabel } from "../../accounts/labels";
import { PAYMENT_CONTEXT as CONTRACT_CONTEXT, USER_CONTRACTS } from "../../contracts/api/graphql";
import type { UserContract } from "../../contracts/api/graphql";
import { PAYMENT_CONTEXT, USER_PAYMENTS, type PaymentSummary } from "../../payments/api/graphql";
import { paymentStateLabel, seoulDateTime } from "../../payments/format";
import { familyStudents, rememberChildren, type FamilyChild, type FamilyView } from "../api";
import { blockerText, errorText, gradeLabel } from "../labels";

type Load<T> =
  { state: "loading" } | { state: "error"; message: string } | { state: "ok"; data: T };

/** The chosen child's latest payments and their contracts (the areas' own queries). */
function PaymentsAndContracts({ child }: { child: FamilyChild }) {
  const client = useApolloClient();
  const [view, setView] = useState<{
    key: number;
    load: Load<{ payments: PaymentSummary[]; contracts: UserContract[] }>;
  }>({ key: child.USER_NO, load: { state: "loading" } });
  useEffect(() => {
    let live = true;
    Promise.all([
      client.query({
        query: USER_PAYMENTS,
        variables: { first: 5, userId: child.USER_NO },
        context: PAYMENT_CONTEXT,
      }),
      client.query({
        query: USER_CONTRACTS,
        variables: { userId: child.USER_NO },
        context: CONTRACT_CONTEXT,
      }),
    ]).then(
      ([p, c]) => {
        if (!live) return;
        setView({
          key: child.USER_NO,
          load: {
            state: "ok",
            data: {
              payments: p.data?.userPayments.payments ?? [],
              contracts: c.data?.userContracts ?? [],
            },
          },
        });
      },
      (e: unknown) => {
        if (live) setView({ key: child.USER_NO, load: { state: "error", message: errorText(e) } });
      },
    );
    return () => {
      live = false;
    };
  }, [client, child.USER_NO]);
  const load = view.key === child.USER_NO ? view.load : { state: "loading" as const };
  if (load.state === "loading")
    return <p className="family-card__meta">결제·계약 내역을 불러오는 중…</p>;
  if (load.state === "error") return <p className="form-alert form-alert--error">{load.message}</p>;
  const { payments, contracts } = load.data;
  return (
    <dl>
      <dt>결제</dt>
      <dd>
        {payments.length === 0 ? (
          "결제 내역이 없어요."
        ) : (
          <ul className="family-list">
            {payments.map((p) => (
              <li key={p.id}>
                {p.name} · {p.paidPrice.toLocaleString("ko-KR")}원 ·{" "}
                {paymentStateLabel(p.state, p.paymentMethod)}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>계약</dt>
      <dd>
        {contracts.length === 0 ? (
          "체결한 계약이 없어요."
        ) : (
          <ul className="family-list">
            {contracts.map((c) => (
              <li key={c.id}>
                {c.contract.name} ({c.contract.month}개월)
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

function ChildCard({
  child,
  acting,
  onChoose,
}: {
  child: FamilyChild;
  acting: boolean;
  onChoose: () => void;
}) {
  const running = child.LECTURE_INFO.filter(
    (l) => !["DONE", "FINISH", "AUTO_FINISH"].includes(l.STATE),
  );
  return (
    <li className="family-card" data-acting={acting}>
      <div className="family-card__head">
        <h2 className="family-card__name">{child.USER_NAME}</h2>
        {acting ? <span className="family-badge">지금 보고 있는 자녀</span> : null}
      </div>
      <p className="family-card__meta">
        {[
          gradeLabel(child.GRADE),
          child.SIGN_IN === "PARENT" ? "보호자가 대신 로그인" : child.EMAIL_ID,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <dl>
        <dt>수업</dt>
        <dd>
          {running.length === 0 ? (
            "진행 중인 수업이 없어요."
          ) : (
            <ul className="family-list">
              {running.map((l) => (
                <li key={l.LECTURE_NO}>
                  {l.TITLE} · {lectureStateLabel(l.STATE)}
                  {l.TUTOR_NAME ? ` · ${l.TUTOR_NAME} 선생님` : ""}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>다음 수업</dt>
        <dd>
          {child.NEXT_LESSON_AT ? seoulDateTime(child.NEXT_LESSON_AT) : "예정된 수업이 없어요."}
        </dd>
        <dt>결제 카드</dt>
        <dd>
          {child.CARD_INFO
            ? `${child.CARD_INFO.card_name} ${child.CARD_INFO.card_number}`
            : "등록된 카드가 없어요."}
        </dd>
      </dl>
      {acting ? <PaymentsAndContracts child={child} /> : null}
      {child.UNLINK_BLOCKERS.length > 0 ? (
        <p className="family-card__meta">{blockerText(child.UNLINK_BLOCKERS)}</p>
      ) : null}
      <div className="family-actions">
        {acting ? null : (
          <button type="button" className="btn btn--secondary" onClick={onChoose}>
            이 자녀로 보기
          </button>
        )}
        <Link
          to={`/UpdateStudentAccount?child=${child.USER_NO}`}
          className="btn btn--secondary"
          onClick={onChoose}
        >
          정보 수정
        </Link>
        <Link to="/_app/enrollment" className="btn btn--primary" onClick={onChoose}>
          수강 신청·결제
        </Link>
      </div>
    </li>
  );
}

/**
 * /ViewStudentAccount (issue 15): every child of the parent with lectures, next lesson and the
 * billing card; the chosen one (the acting child everywhere) also with payments and contracts.
 * Choosing a child here switches the acting child of every page.
 */
export function StudentsOverview() {
  const chosen = useActingChildStore((s) => s.childUserNo);
  const choose = useActingChildStore((s) => s.chooseChild);
  const [load, setLoad] = useState<Load<FamilyView>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    familyStudents().then(
      (data) => {
        if (!live) return;
        rememberChildren(
          data.CHILDREN.map((c) => ({ USER_NO: c.USER_NO, USER_NAME: c.USER_NAME })),
        );
        setLoad({ state: "ok", data });
      },
      (e: unknown) => live && setLoad({ state: "error", message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (load.state === "loading")
    return <p className="family-page__lead">자녀 정보를 불러오는 중…</p>;
  if (load.state === "error") {
    return (
      <p className="form-alert form-alert--error" role="alert">
        {load.message}
      </p>
    );
  }
  const children = load.data.CHILDREN;
  const acting = actingChildOf(
    children.map((c) => ({ USER_NO: c.USER_NO, USER_NAME: c.USER_NAME })),
    chosen,
  );
  return (
    <>
      {children.length === 0 ? (
        <p className="family-page__lead">
          아직 연결된 자녀가 없어요. 자녀 계정을 만들거나 연결해 주세요.
        </p>
      ) : (
        <ul className="family-cards family-cards--grid">
          {children.map((c) => (
            <ChildCard
              key={c.USER_NO}
              child={c}
              acting={acting?.USER_NO === c.USER_NO}
              onChoose={() => choose(c.USER_NO)}
            />
          ))}
        </ul>
      )}
      {load.data.PENDING_REQUESTS.length > 0 ? (
        <section className="family-box" aria-label="확인을 기다리는 연결 요청">
          <p className="form-field__label">확인을 기다리는 연결 요청</p>
          <ul className="family-list">
            {load.data.PENDING_REQUESTS.map((r) => (
              <li key={r.REQUEST_ID}>{r.CHILD_NAME} 학생의 확인을 기다려요.</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="family-actions">
        <Link to="/CreateStudentAccount" className="btn btn--primary btn--lg">
          자녀 계정 만들기
        </Link>
        <Link to="/UpdateStudentAccount#link-existing" className="btn btn--secondary btn--lg">
          가입한 자녀 연결하기
        </Link>
      </div>
    </>
  );
}
