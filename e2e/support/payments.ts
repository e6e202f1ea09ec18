/**
 * The money path as the browser specs walk it, written once: the catalog and a paid order made
 * through the api (sandbox gateway, DESIGN.md §5 test cards), and the steps on the pages that
 * several journeys share (enrollment → checkout, the card form, a payment's card in 내 결제
 * 내역, its contract from the receipt, a full refund from the refund page). The assertions that
 * make a spec what it is stay in the spec; the ones here are those every caller made alike.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { submitSignIn } from "./accounts.ts";
import { graphqlCall, restCall, type Session, won } from "./api.ts";

/** A lecture of POST /main/Lecture_StoreItems (the fields the specs read). */
export interface StoreLecture {
  id: number;
  subjectId: number | null;
  item_type: string;
  school_level: string | null;
  /** The item's unit in months (1 for a monthly item; a winter course's length). */
  months: number;
  /** Won per month. */
  salePrice: number;
  allowed_multiples: number[];
  TTEOK_HAM_Title: string;
}

/** A device of POST /main/Lecture_StoreItems (lent or sold). */
export interface StoreDevice {
  id: number;
  device_type: string | null;
  /** Won; 0 for the tablet lent free. */
  price: number;
}

/** The catalog as a guest reads it (POST /main/Lecture_StoreItems). */
export function storeItems(
  baseUrl: string,
): Promise<{ LECTURE_ITEMS: StoreLecture[]; RENT_DEVICES: StoreDevice[] }> {
  return restCall(baseUrl, "/main/Lecture_StoreItems", {});
}

/** The seeded smart-math item (subject 8906, LECTURE_SMART, 1-month unit); fails the test without it. */
export async function smartMath(baseUrl: string): Promise<StoreLecture> {
  const { LECTURE_ITEMS } = await storeItems(baseUrl);
  const item = LECTURE_ITEMS.find(
    (i) => i.subjectId === 8906 && i.item_type === "LECTURE_SMART" && i.months === 1,
  );
  expect(item).toBeDefined();
  return item!;
}

/** The seeded smart-math item and the iPad lent free (price 0); fails the test without them. */
export async function mathAndFreeTablet(
  baseUrl: string,
): Promise<{ math: StoreLecture; freeTablet: StoreDevice }> {
  const { LECTURE_ITEMS, RENT_DEVICES } = await storeItems(baseUrl);
  const math = LECTURE_ITEMS.find(
    (i) => i.subjectId === 8906 && i.item_type === "LECTURE_SMART" && i.months === 1,
  );
  const freeTablet = RENT_DEVICES.find((d) => d.device_type === "IPAD" && d.price === 0);
  expect(math && freeTablet).toBeTruthy();
  return { math: math!, freeTablet: freeTablet! };
}

/** One line of an order: a catalog id and its multiple (months of a monthly lecture). */
export interface OrderLine {
  id: number;
  lecture_multiple: number;
}

/** A paid order as the payment endpoints answer it. */
export interface PaidOrder {
  id: string;
  /** Won charged for the whole order. */
  paidPrice: number;
  /** The order's lines with what each was charged (won). */
  items: { ITEM_KIND: string; PAID_PRICE: number }[];
}

/** What the payment endpoints answer (the fields read here). */
interface PaymentAnswer {
  PAYMENT_ID: number;
  STATE: string;
  PAID_PRICE: number;
  ITEMS: { ITEM_KIND: string; PAID_PRICE: number }[];
}

/** The answer of a payment that must have been PAID, as a `PaidOrder`. */
function paidOrder(r: PaymentAnswer): PaidOrder {
  expect(r.STATE).toBe("PAID");
  return { id: String(r.PAYMENT_ID), paidPrice: r.PAID_PRICE, items: r.ITEMS };
}

let merchantSequence = 0;

/** A merchant uid no other order of the run uses: `e2e-<label>-<ms>-<n>`. */
export function merchantUid(label: string): string {
  merchantSequence += 1;
  return `e2e-${label}-${Date.now()}-${merchantSequence}`;
}

/**
 * A one-time card payment of `items` for `student` (POST /main/payreq_Iamport_Onetime with the
 * sandbox's accepted card 4242…, expiry December two years on); asserts it is PAID. `label`
 * names the spec in the merchant uid.
 */
export async function payByCard(
  baseUrl: string,
  student: Session,
  items: OrderLine[],
  label: string,
): Promise<PaidOrder> {
  const r = await restCall<PaymentAnswer>(
    baseUrl,
    "/main/payreq_Iamport_Onetime",
    {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(label),
      ITEMS: items,
      CARD_QUOTA: 0,
      CARD_NUMBER: "4242424242424242",
      EXPIRY: `${new Date().getFullYear() + 2}-12`,
      BIRTH: "080101",
      PWD_2DIGIT: "12",
    },
    student.token,
  );
  return paidOrder(r);
}

/** `months` of the seeded smart math, paid by one-time card as `payByCard` does. */
export async function payForMath(
  baseUrl: string,
  student: Session,
  months: number,
  label: string,
): Promise<PaidOrder> {
  const math = await smartMath(baseUrl);
  return payByCard(baseUrl, student, [{ id: math.id, lecture_multiple: months }], label);
}

/**
 * `months` of the seeded smart math with the iPad lent free (0 won), paid by one-time card as
 * `payByCard` does.
 */
export async function payForMathWithFreeTablet(
  baseUrl: string,
  student: Session,
  months: number,
  label: string,
): Promise<PaidOrder> {
  const { math, freeTablet } = await mathAndFreeTablet(baseUrl);
  return payByCard(
    baseUrl,
    student,
    [
      { id: math.id, lecture_multiple: months },
      { id: freeTablet.id, lecture_multiple: 1 },
    ],
    label,
  );
}

/**
 * Registers `cardNumber` (sandbox: 4242… is accepted) as `student`'s main billing card, then
 * pays `items` with it (POST /main/payment_seoltab_subscribe, BILLING_CARD: a monthly lecture
 * renews on that card); asserts it is PAID.
 */
export async function payByBillingCard(
  baseUrl: string,
  student: Session,
  items: OrderLine[],
  label: string,
  cardNumber = "4242424242424242",
): Promise<PaidOrder> {
  await graphqlCall(
    baseUrl,
    student.token,
    "mutation($i: RegisterMainBillingCardInput!) { registerMainBillingCard(input: $i) }",
    {
      i: {
        cardNumber,
        expiry: `${new Date().getFullYear() + 2}-12`,
        birth: "080101",
        pwd2digit: "12",
        cardType: "CREDIT_CARD",
      },
    },
  );
  const r = await restCall<PaymentAnswer>(
    baseUrl,
    "/main/payment_seoltab_subscribe",
    {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(label),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: items,
    },
    student.token,
  );
  return paidOrder(r);
}

/** Signs every contract waiting for `student` through the api (as `name`), so a journey starts clean. */
export async function signWaitingContracts(baseUrl: string, student: Session, name: string) {
  const { contractsToSign } = await graphqlCall<{ contractsToSign: { id: string }[] }>(
    baseUrl,
    student.token,
    "query($u: Int!) { contractsToSign(userId: $u) { id } }",
    { u: student.userNo },
  );
  for (const c of contractsToSign) {
    await graphqlCall(
      baseUrl,
      student.token,
      "mutation($i: SignContractInput!) { signContract(input: $i) { userContractId } }",
      { i: { contractToSignId: c.id, signerName: name, agreed: true } },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The pages

/** The card of payment `id` on /_app/payments (found by its 상세 보기 link). */
export function paymentCard(page: Page, id: string): Locator {
  return page
    .locator(".pay-history__item")
    .filter({ has: page.locator(`a[href="/payment_finish?paymentId=${id}"]`) });
}

/** Fills the card form shown (number, expiry December two years on, birth date, password digits). */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel("카드 번호").fill(number);
  await page.getByLabel("유효기간 월").selectOption("12");
  await page.getByLabel("유효기간 연도").selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel("생년월일 6자리").fill("080101");
  await page.getByLabel("비밀번호 앞 2자리").fill("12");
}

/**
 * Types the enrollment form's delivery by hand (the Kakao address search cannot load here): the
 * address, and 학부모 이름 / 휴대폰 where they are empty (a signed-in parent's own are there).
 */
export async function fillDelivery(page: Page, parentName = "김서연") {
  await page.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 123");
  await page.getByLabel(/상세 주소/).fill("4층");
  const name = page.getByLabel("학부모 이름");
  if ((await name.inputValue()) === "") await name.fill(parentName);
  const phone = page.getByLabel("학부모 휴대폰 번호");
  if ((await phone.inputValue()) === "") await phone.fill("010-1234-5678");
}

/** Opens 수강 신청 from the app menu and waits for the form's price. */
export async function openEnrollment(
  page: Page,
  openFromMenu: (page: Page, name: string, path: string) => Promise<void>,
) {
  await openFromMenu(page, "수강 신청", "/_app/enrollment");
  await page.getByTestId("enrollment-total").waitFor();
}

/**
 * The checkout's amount once the server has priced the cart (POST /main/Cart_Price): the
 * summary's `server-paid-price`, waited for. Not `checkout-total`, the client's estimate that
 * shows only while Cart_Price loads.
 */
export async function serverPaidPrice(page: Page): Promise<Locator> {
  const price = page.getByTestId("server-paid-price");
  await price.waitFor();
  return price;
}

/**
 * Presses the enrollment form's 결제하기 as a signed-in person and waits for the checkout with
 * the server-priced cart; the `server-paid-price` locator.
 */
export async function submitToCheckout(page: Page, baseUrl: string): Promise<Locator> {
  await page.getByRole("button", { name: "결제하기" }).click();
  await page.waitForURL(`${baseUrl}/_app/checkout`);
  return serverPaidPrice(page);
}

/**
 * After a guest's 결제하기 has led to sign-in (/accounts/login?continue=…): signs in as `email`
 * (demo password), waits for the checkout with the cart kept and priced by the server; the
 * `server-paid-price` locator.
 */
export async function signInToCheckout(
  page: Page,
  baseUrl: string,
  email: string,
): Promise<Locator> {
  await page.waitForURL(/\/accounts\/login\?continue=/);
  await submitSignIn(page, email);
  await page.waitForURL(`${baseUrl}/_app/checkout`);
  return serverPaidPrice(page);
}

/**
 * Follows the receipt of payment `paymentId` to its contract, as a family would: 결제 내역 →
 * 상세 보기 → /payment_finish → 계약서 서명하기, and waits for the signing page of that payment.
 */
export async function contractFromReceipt(
  page: Page,
  baseUrl: string,
  openFromMenu: (page: Page, name: string, path: string) => Promise<void>,
  student: Session,
  paymentId: string,
) {
  await openFromMenu(page, "결제 내역", "/_app/payments");
  await paymentCard(page, paymentId)
    .getByRole("link", { name: /상세 보기/ })
    .click();
  await page.waitForURL(`${baseUrl}/payment_finish?paymentId=${paymentId}`);
  await page.getByRole("heading", { level: 1, name: "결제가 완료되었어요" }).waitFor();
  await page
    .getByTestId("finish-sign-contract")
    .getByRole("link", { name: "계약서 서명하기" })
    .click();
  await page.waitForURL(
    `${baseUrl}/_app/contracts/sign?userId=${student.userNo}&paymentId=${paymentId}`,
  );
  await page.getByRole("heading", { level: 1, name: "계약서를 읽고 서명해 주세요" }).waitFor();
}

/** Signs the contract on the signing page shown: the signer's name, the agreement, 동의하고 서명하기. */
export async function signContractOnPage(page: Page, signerName: string) {
  await page.getByLabel("서명자 이름").fill(signerName);
  await page.getByRole("checkbox", { name: /위 계약서의 내용을 모두 읽었고/ }).check();
  await page.getByRole("button", { name: "동의하고 서명하기" }).click();
}

/**
 * Refunds in full from the refund page shown (a card refunded at once): the reason, `N원
 * 환불하기` for `amount` (won), 환불하기 in the 환불할까요? dialog (after `beforeConfirm` has read
 * the dialog, where the spec asserts what it says), and waits for 환불이 완료되었어요.
 */
export async function refundInFull(
  page: Page,
  amount: number,
  reason: string,
  beforeConfirm?: (dialog: Locator) => Promise<void>,
) {
  await page.getByLabel("환불하려는 이유를 알려 주세요").fill(reason);
  await page.getByRole("button", { name: `${won(amount)} 환불하기` }).click();
  const confirm = page.getByRole("dialog", { name: "환불할까요?" });
  if (beforeConfirm) await beforeConfirm(confirm);
  await confirm.getByRole("button", { name: "환불하기" }).click();
  await page.getByRole("heading", { level: 1, name: "환불이 완료되었어요" }).waitFor();
}
