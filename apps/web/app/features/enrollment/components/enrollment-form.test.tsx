import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import GuestEnrollment from "../../../routes/guest-enrollment";
import { DEFAULT_ENROLLMENT, useRootStore } from "../../../stores/root-store";
import { mockFetch, ok } from "../../../test/fetch-mock";
import { CART_STORAGE_KEY, EMPTY_CART, useCartStore } from "../cart-store";
import { loadPostcode } from "../postcode";
import type * as PostcodeModule from "../postcode";
import { catalogFixture } from "../test/catalog-fixture";

vi.mock("../postcode", async (importOriginal) => ({
  ...(await importOriginal<typeof PostcodeModule>()),
  loadPostcode: vi.fn(),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderGuest() {
  const Stub = createRoutesStub([
    { path: "/guest_enrollment", Component: GuestEnrollment },
    { path: "/accounts/login", Component: Where },
  ]);
  return render(<Stub initialEntries={["/guest_enrollment"]} />);
}

const won = (n: number) => `${n.toLocaleString("en-US")}원`;

beforeEach(() => {
  useRootStore.setState({ enrollment: DEFAULT_ENROLLMENT });
  useCartStore.setState(EMPTY_CART);
  vi.mocked(loadPostcode).mockRejectedValue(new Error("offline"));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("/guest_enrollment: prices from @seoltab/domain", () => {
  it("asks the catalog anonymously and shows smart math, 3 months = salePrice × 3", async () => {
    const { callsTo } = mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    renderGuest();
    const total = await screen.findByTestId("enrollment-total");
    expect(total.textContent).toBe(won(189_000 * 3));
    expect(screen.getByTestId("enrollment-monthly").textContent).toContain(won(189_000));
    expect(screen.getByRole("radio", { name: "수학" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: /스마트 수업/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "3개월" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: /무료 대여/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: /개인정보/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: /수강 약관/ })).toHaveProperty("checked", true);
    // The 12-month price is offered with its 5 % reduction.
    expect(screen.getByTestId("enrollment-twelve").textContent).toContain(won(2_154_600));
    const [call] = callsTo("/main/Lecture_StoreItems");
    expect(call?.body).toEqual({});
    expect(call?.headers.authorization).toBeUndefined();
  });

  it("12 months: salePrice × 12 less 5 %, the discount shown as its own row", async () => {
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    const user = userEvent.setup();
    renderGuest();
    await user.click(await screen.findByRole("radio", { name: /12개월/ }));
    expect(screen.getByTestId("enrollment-total").textContent).toBe(won(2_154_600));
    expect(screen.getByTestId("enrollment-lecture-total").textContent).toBe(won(189_000 * 12));
    const summary = screen.getByRole("region", { name: "결제 금액" });
    expect(within(summary).getByText("할인 · 12개월 결제 5% 할인")).toBeTruthy();
    expect(within(summary).getByText(`−${won(113_400)}`)).toBeTruthy();
    // Kept in the persisted enrollment slice.
    expect(useRootStore.getState().enrollment.selectMonth).toBe(12);
    expect(useRootStore.getState().enrollment.totalPrice).toBe(2_154_600);
  });

  it("adds a bought tablet's price; basic class switches the lecture", async () => {
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    const user = userEvent.setup();
    renderGuest();
    await user.click(await screen.findByRole("radio", { name: /새 태블릿 구매/ }));
    await user.click(screen.getByRole("radio", { name: "10세대" }));
    expect(screen.getByTestId("enrollment-total").textContent).toBe(won(189_000 * 3 + 529_000));
    expect(screen.queryByRole("radio", { name: "11세대" })).toBeNull();
    await user.click(screen.getByRole("radio", { name: /베이직 수업/ }));
    expect(screen.getByTestId("enrollment-total").textContent).toBe(won(149_000 * 3 + 529_000));
  });

  it("stores the total price as monthly × months, apart from the device (SPEC.md §5, issue #18)", async () => {
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    const user = userEvent.setup();
    renderGuest();
    await user.click(await screen.findByRole("radio", { name: /새 태블릿 구매/ }));
    await user.click(screen.getByRole("radio", { name: "10세대" }));
    // The payment due has the tablet; the stored total price does not.
    expect(screen.getByTestId("enrollment-total").textContent).toBe(won(189_000 * 3 + 529_000));
    const stored = useRootStore.getState().enrollment;
    expect(stored).toMatchObject({
      totalPrice: 189_000 * 3,
      totalPrice12: 2_154_600,
      classTypeId: 2101,
      maxClassNumber: 24,
      usedIpad: null,
      newIpad: null,
    });
    expect(stored.newDiscountIpad).toMatchObject({ device_gen: "10", price: 529_000 });
  });

  it("falls back to typing the address when the search cannot load, then saves the cart and signs in", async () => {
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    const user = userEvent.setup();
    renderGuest();
    await user.click(await screen.findByRole("button", { name: "결제하기" }));
    expect(
      await screen.findByText("태블릿과 교재를 받을 주소를 검색하거나 입력해 주세요."),
    ).toBeTruthy();
    expect(screen.getByText("학부모님 이름을 입력해 주세요.")).toBeTruthy();
    expect(sessionStorage.getItem(CART_STORAGE_KEY) ?? "").not.toContain('"id":1');

    await user.click(screen.getByRole("button", { name: "주소 검색" }));
    expect(await screen.findByText(/주소 검색을 불러오지 못했어요/)).toBeTruthy();
    await user.type(screen.getByLabelText("주소"), "서울특별시 강남구 테헤란로 123");
    await user.type(screen.getByLabelText(/상세 주소/), "4층");
    await user.type(screen.getByLabelText("학부모 이름"), "김서연");
    await user.type(screen.getByLabelText("학부모 휴대폰 번호"), "010-1234-5678");
    await user.click(screen.getByRole("button", { name: "결제하기" }));

    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe(
        "/accounts/login?continue=%2F_app%2Fcheckout",
      ),
    );
    const cart = useCartStore.getState();
    expect(cart.cartItems.map((i) => [i.id, i.lecture_multiple])).toEqual([[1, 3]]);
    expect(cart.deviceNo).toBe(101);
    expect(cart.parentPhoneNumber).toBe("01012345678");
    expect(cart.paymentPrice).toBe(567_000);
    expect(sessionStorage.getItem(CART_STORAGE_KEY)).toContain('"lecture_multiple":3');
  });

  it("offers AirPods Max bought or rented (named by device_gen); the choice stays in the cart for the checkout", async () => {
    const { callsTo } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalogFixture()),
      "POST /main/Store_Goods": () =>
        ok({
          GOODS_ITEMS: [],
          HEADPHONE_RENTALS: [
            {
              id: 121,
              name: "AirPods Max",
              device_type: "AIR_PODS_MAX",
              device_gen: "AirPods Max",
              color: "실버",
              months: 3,
              basePrice: 60_000,
              rentFee: 45_000,
              count: 10,
            },
          ],
          DELIVERY: {
            DELIVERY_FEE: 3_000,
            FREE_DELIVERY_FROM: 30_000,
            DELIVERY_FEE_FOR_REFUND: 3_000,
          },
        }),
    });
    const user = userEvent.setup();
    renderGuest();
    const total = await screen.findByTestId("enrollment-total");
    // Headphones are not a tablet choice; they have a group of their own.
    const tablets = screen.getByRole("group", { name: "태블릿" });
    expect(within(tablets).queryByText(/AirPods/)).toBeNull();
    await user.click(screen.getByRole("radio", { name: /AirPods Max 실버 구매/ }));
    expect(total.textContent).toBe(won(567_000 + 699_000));
    const rent = await screen.findByRole("radio", { name: /AirPods Max 실버 3개월 대여/ });
    expect(callsTo("/main/Store_Goods")[0]?.body).toEqual({});
    await user.click(rent);
    expect(total.textContent).toBe(won(567_000 + 45_000));
    expect(screen.getByTestId("enrollment-headphone").textContent).toContain("45,000원");

    await user.type(screen.getByLabelText("주소"), "서울특별시 강남구 테헤란로 123");
    await user.type(screen.getByLabelText("학부모 이름"), "김서연");
    await user.type(screen.getByLabelText("학부모 휴대폰 번호"), "010-1234-5678");
    await user.click(screen.getByRole("button", { name: "결제하기" }));
    await waitFor(() => expect(screen.getByTestId("where")).toBeTruthy());
    const cart = useCartStore.getState();
    expect(cart.headphoneNo).toBeNull();
    expect(cart.headphoneRental).toMatchObject({ id: 121, device_gen: "AirPods Max", months: 3 });
    expect(cart.goodsItems).toEqual([{ id: 121, lecture_multiple: 1 }]);
    expect(sessionStorage.getItem(CART_STORAGE_KEY)).toContain('"goodsItems":[{"id":121');
  });

  it("fills the address from the postcode search", async () => {
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    vi.mocked(loadPostcode).mockResolvedValue(
      class {
        constructor(private readonly options: { oncomplete: (data: never) => void }) {}
        embed() {
          this.options.oncomplete({
            zonecode: "06236",
            address: "서울 강남구 테헤란로 123",
            roadAddress: "서울 강남구 테헤란로 123",
            jibunAddress: "서울 강남구 역삼동 1",
            bname: "역삼동",
            buildingName: "",
            userSelectedType: "R",
          } as never);
        }
      } as never,
    );
    const user = userEvent.setup();
    renderGuest();
    await user.click(await screen.findByRole("button", { name: "주소 검색" }));
    await waitFor(() =>
      expect((screen.getByLabelText("주소") as HTMLInputElement).value).toBe(
        "서울 강남구 테헤란로 123",
      ),
    );
    expect((screen.getByLabelText(/우편번호/) as HTMLInputElement).value).toBe("06236");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/상세 주소/)));
  });

  it("says so, with 다시 시도, when the catalog cannot load", async () => {
    let fail = true;
    mockFetch({
      "POST /main/Lecture_StoreItems": () => {
        if (fail) throw new TypeError("offline");
        return ok(catalogFixture());
      },
    });
    const user = userEvent.setup();
    renderGuest();
    expect(await screen.findByText("수업 정보를 불러오지 못했어요")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "다시 시도" }));
    expect((await screen.findByTestId("enrollment-total")).textContent).toBe(won(567_000));
  });
});
