import { orderProblem, renewalLines } from "@seoltab/domain";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { ChildSwitcher } from "../features/accounts/components/child-switcher";
import { cartLines, useCartStore } from "../features/enrollment/cart-store";
import { policyRules, priceLines, pricedCatalog } from "../features/enrollment/catalog";
import { useStoreItems } from "../features/enrollment/hooks";
import { useAccountSubject } from "../stores/account-subject";
import { Checkout } from "../features/payments/components/checkout";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import { useActingChildStore } from "../stores/acting-child-store";
import type { LoginChild } from "../stores/root-store";
import "../styles/accounts.css";
import "../features/payments/payments.css";
import "../features/accounts/account.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-checkout";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("결제하기"), "주문 내역을 확인하고 결제 수단을 골라 결제해요.");

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="app-panel" aria-labelledby="checkout-problem-title">
      <h1 id="checkout-problem-title">{title}</h1>
      <p>{children}</p>
      <div className="app-panel__actions">
        <Link to="/_app/enrollment" className="btn btn--primary btn--lg">
          수강 신청으로
        </Link>
        <Link to="/_app" className="btn btn--secondary btn--lg">
          내 학습 공간
        </Link>
      </div>
    </section>
  );
}

/**
 * A parent with several children whose cart was filled before signing in (/guest_enrollment)
 * has not said whose lessons these are: they choose here, before anything is priced or paid.
 */
function ChooseChild({
  options,
  onChoose,
}: {
  options: readonly LoginChild[];
  onChoose: (userNo: number) => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  return (
    <section className="app-panel" aria-labelledby="checkout-child-title">
      <h1 id="checkout-child-title">어느 자녀의 수업을 결제할까요?</h1>
      <p>
        연결된 자녀가 {options.length}명이에요. 수업을 들을 자녀를 고르면 그 자녀의 수업으로
        결제해요.
      </p>
      <ChildSwitcher
        options={options}
        value={picked}
        onChange={setPicked}
        legend="수업을 들을 자녀"
      />
      <div className="app-panel__actions">
        <button
          type="button"
          className="btn btn--primary btn--lg"
          disabled={picked === null}
          onClick={() => picked !== null && onChoose(picked)}
        >
          이 자녀로 결제하기
        </button>
        <Link to="/_app/enrollment" className="btn btn--secondary btn--lg">
          수강 신청으로
        </Link>
      </div>
    </section>
  );
}

/**
 * /_app/checkout: the cart (sessionStorage) priced again from a fresh catalog for the buyer
 * (`priceOrder` of @seoltab/domain; the server recomputes the same), then the checkout of
 * features/payments. A paid order empties the cart and opens /payment_finish?paymentId=. A parent
 * pays for the child they act for now (stores/acting-child-store), the same child the account
 * pages show; when a parent of several children has not chosen in this tab (e.g. came from
 * /guest_enrollment and signed in on the way), they choose first (ChooseChild).
 */
export default function AppCheckout() {
  const navigate = useNavigate();
  const buyer = useAccountSubject();
  const chosenChild = useActingChildStore((state) => state.childUserNo);
  const cart = useCartStore(
    useShallow((s) => ({
      cartItems: s.cartItems,
      deviceNo: s.deviceNo,
      headphoneNo: s.headphoneNo,
      headphoneRental: s.headphoneRental,
      goodsItems: s.goodsItems,
      setCart: s.setCart,
      setConvertSalesMethodNo: s.setConvertSalesMethodNo,
      card_quota: s.card_quota,
      studentUserNo: s.studentUserNo,
      setCardQuota: s.setCardQuota,
      clearCart: s.clearCart,
    })),
  );
  const catalog = useStoreItems(buyer.userNo);

  if (buyer.kind === "guest") {
    return <SignInRequired returnTo="/_app/checkout" what="결제 화면" />;
  }
  if (buyer.kind === "other") {
    return (
      <Problem title="학생 또는 학부모 계정으로 결제해 주세요">
        선생님·운영팀 계정으로는 수강료를 결제할 수 없어요.
      </Problem>
    );
  }
  if (buyer.userNo === null) {
    return (
      <Problem title="연결된 자녀 계정이 없어요">
        자녀가 가입할 때 학부모 휴대폰 번호를 입력하면 계정이 연결되고, 그 뒤에 결제할 수 있어요.
      </Problem>
    );
  }
  // Not chosen in this tab yet (a cart filled before signing in, on /guest_enrollment).
  const unchosen =
    buyer.kind === "parent" &&
    buyer.children.length > 1 &&
    !buyer.children.some((c) => c.USER_NO === chosenChild);
  if (buyer.kind === "parent" && unchosen) {
    return <ChooseChild options={buyer.children} onChoose={buyer.chooseChild} />;
  }
  const lines = cartLines(cart);
  if (lines.length === 0) {
    return (
      <Problem title="선택한 수업이 없어요">
        수강 신청에서 과목과 기간을 고른 뒤 결제해 주세요.
      </Problem>
    );
  }
  if (catalog.status === "loading") {
    return (
      <p role="status" className="pay-muted">
        주문 금액을 확인하는 중이에요…
      </p>
    );
  }
  if (catalog.status === "error") {
    return (
      <section className="app-panel" role="alert" aria-labelledby="checkout-error-title">
        <h1 id="checkout-error-title">주문 금액을 확인하지 못했어요</h1>
        <p>{catalog.message}</p>
        <div className="app-panel__actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={catalog.retry}>
            다시 시도
          </button>
          <Link to="/_app/enrollment" className="btn btn--secondary btn--lg">
            수강 신청으로
          </Link>
        </div>
      </section>
    );
  }
  const order = priceLines(catalog.data, lines);
  if (!order || orderProblem(lines, pricedCatalog(catalog.data))) {
    return (
      <Problem title="선택한 수업 정보가 바뀌었어요">
        판매가 끝났거나 바뀐 상품이 있어요. 수강 신청에서 다시 골라 주세요.
      </Problem>
    );
  }
  const renewalAmount = renewalLines(order, policyRules(catalog.data)).reduce(
    (sum, line) => sum + line.paidPrice,
    0,
  );
  const studentName =
    buyer.kind === "parent"
      ? buyer.children.find((c) => c.USER_NO === buyer.userNo)?.USER_NAME
      : buyer.name;
  // A parent's cart follows the child they act for now; say so when it was filled for another.
  const filledFor =
    buyer.kind === "parent" && cart.studentUserNo !== null && cart.studentUserNo !== buyer.userNo
      ? buyer.children.find((c) => c.USER_NO === cart.studentUserNo)?.USER_NAME
      : undefined;

  return (
    <div className="pay-page">
      <header className="pay-page__head">
        <h1 className="pay-page__title">결제하기</h1>
        <p className="pay-page__lead">
          {studentName ? `${studentName} 학생의 수업을 결제해요. ` : ""}
          <Link to="/_app/enrollment">선택 바꾸기</Link>
        </p>
        {filledFor ? (
          <p className="form-alert form-alert--info" role="status">
            {filledFor} 학생을 선택했을 때 담은 수업이에요. 지금 선택한 {studentName} 학생으로
            결제돼요.
          </p>
        ) : null}
      </header>
      <Checkout
        order={order}
        lines={lines}
        goods={cart.goodsItems}
        onGoodsChange={(goodsItems) =>
          cart.setCart({
            goodsItems,
            // A rental taken out here is no longer the form's headphone rental.
            headphoneRental:
              cart.headphoneRental && goodsItems.some((l) => l.id === cart.headphoneRental?.id)
                ? cart.headphoneRental
                : null,
          })
        }
        onConversion={cart.setConvertSalesMethodNo}
        userNo={buyer.userNo}
        forUserId={buyer.kind === "parent" ? buyer.userNo : undefined}
        renewalAmount={renewalAmount}
        cardQuota={cart.card_quota}
        onCardQuotaChange={cart.setCardQuota}
        onPaid={(payment) => {
          void navigate(`/payment_finish?paymentId=${payment.PAYMENT_ID}`, { replace: true });
          cart.clearCart();
        }}
      />
    </div>
  );
}
