import { Link, useNavigate, useSearchParams } from "react-router";
import { useOwnContact, useStoreItems } from "../hooks";
import { useAccountSubject } from "../../../stores/account-subject";
import { GUEST_CHECKOUT_SIGN_IN, signInThen } from "../student";
import { ChildPicker } from "./child-picker";
import { EnrollmentForm } from "./enrollment-form";

export const CHECKOUT_PATH = "/_app/checkout";

/**
 * The enrollment page of /guest_enrollment and /_app/enrollment: the catalog for the buyer
 * (anonymous for a guest, the student's own or a parent's chosen child), then the form. 결제하기
 * goes to the checkout; a guest signs in first (/accounts/login?continue=/_app/checkout) and
 * comes back to it, the choice kept in the cart (sessionStorage).
 */
export function EnrollmentPage({ mode }: { mode: "guest" | "app" }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A marketing page's button names the product: /guest_enrollment?item=22 (decision 017).
  const itemParam = Number(params.get("item"));
  const initialItemId = Number.isSafeInteger(itemParam) && itemParam > 0 ? itemParam : null;
  const buyer = useAccountSubject();
  const catalog = useStoreItems(buyer.userNo);
  const signedIn = buyer.kind !== "guest";
  // A parent fills in their own name and phone as 학부모 정보: prefilled from their account.
  const contact = useOwnContact(buyer.kind === "parent");

  const onCheckout = () => {
    // A parent pressing 결제하기 with the child picker showing has chosen that child.
    if (buyer.kind === "parent" && buyer.userNo !== null) buyer.chooseChild(buyer.userNo);
    if (signedIn) void navigate(CHECKOUT_PATH);
    else void navigate(GUEST_CHECKOUT_SIGN_IN);
  };

  return (
    <div className="enr-page">
      <header className="enr-page__head">
        <h1 className="enr-page__title" id="enr-title">
          수강 신청
        </h1>
        <p className="enr-page__lead">
          과목, 수업 유형, 수강 기간, 태블릿을 고르면 결제 금액을 바로 보여 드려요. 고른 내용은 이
          브라우저에 저장돼요.
        </p>
        {mode === "guest" && !signedIn ? (
          <p className="enr-page__lead">
            이미 회원이신가요? <Link to={signInThen("/_app/enrollment")}>로그인하고 신청하기</Link>
          </p>
        ) : null}
        {buyer.kind === "parent" && buyer.children.length > 0 ? (
          <ChildPicker options={buyer.children} value={buyer.userNo} onChange={buyer.chooseChild} />
        ) : null}
      </header>

      {buyer.kind === "parent" && buyer.children.length === 0 ? (
        <p className="form-alert form-alert--info" role="status">
          연결된 자녀 계정이 없어요. 자녀가 가입할 때 학부모 휴대폰 번호를 입력하면 연결돼요. 금액은
          둘러볼 수 있지만 결제는 자녀 계정이 연결된 뒤에 할 수 있어요.
        </p>
      ) : null}
      {buyer.kind === "other" ? (
        <p className="form-alert form-alert--info" role="status">
          선생님·운영팀 계정으로는 결제할 수 없어요. 학생 또는 학부모 계정으로 로그인해 주세요.
        </p>
      ) : null}

      {catalog.status === "loading" ? (
        <p role="status" className="enr-status">
          수업 정보를 불러오는 중이에요…
        </p>
      ) : null}
      {catalog.status === "error" ? (
        <div role="alert" className="app-panel">
          <h2>수업 정보를 불러오지 못했어요</h2>
          <p>{catalog.message}</p>
          <div className="app-panel__actions">
            <button type="button" className="btn btn--primary btn--lg" onClick={catalog.retry}>
              다시 시도
            </button>
            <Link to="/" className="btn btn--secondary btn--lg">
              홈으로
            </Link>
          </div>
        </div>
      ) : null}
      {catalog.status === "ready" ? (
        <EnrollmentForm
          key={String(buyer.userNo)}
          catalog={catalog.data}
          studentUserNo={buyer.userNo}
          submitLabel="결제하기"
          submitNote={
            signedIn
              ? "다음 화면에서 결제 수단을 고르고 결제해요."
              : "결제하기를 누르면 로그인한 뒤 결제 화면으로 이어져요."
          }
          onCheckout={onCheckout}
          parentContact={
            buyer.kind === "parent"
              ? { name: contact?.USER_NAME ?? buyer.parentName, phone: contact?.PHONE_NUM ?? null }
              : null
          }
          initialItemId={initialItemId}
        />
      ) : null}
    </div>
  );
}
