/**
 * Issue 20 on the enrollment form: the subject list in getTaxonomy's order, the subject an AI
 * diagnosis report's link names chosen at the start, and how many tablets are left
 * (seoltab_banner_info) told with the tablet choice — all through the REST client.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetTaxonomyCache, type Taxonomy } from "../../../lib/taxonomy";
import GuestEnrollment from "../../../routes/guest-enrollment";
import { DEFAULT_ENROLLMENT, useRootStore } from "../../../stores/root-store";
import { fail, mockFetch, ok, type Handler } from "../../../test/fetch-mock";
import { EMPTY_CART, useCartStore } from "../cart-store";
import { loadPostcode } from "../postcode";
import type * as PostcodeModule from "../postcode";
import { catalogFixture } from "../test/catalog-fixture";

vi.mock("../postcode", async (importOriginal) => ({
  ...(await importOriginal<typeof PostcodeModule>()),
  loadPostcode: vi.fn(),
}));

/** A taxonomy that lists 영어 before 수학 (the catalog has 수학 first). */
const TAXONOMY: Taxonomy = {
  RESULT_TAXONOMIES: [
    { NAME: "영어", DEPTH: 1, TERM_TAXONOMY_ID: 1003, PARENT: 0 },
    { NAME: "국어", DEPTH: 1, TERM_TAXONOMY_ID: 1002, PARENT: 0 },
    { NAME: "수학", DEPTH: 1, TERM_TAXONOMY_ID: 1001, PARENT: 0 },
    { NAME: "중등 수학", DEPTH: 2, TERM_TAXONOMY_ID: 1102, PARENT: 1001 },
  ],
  SUBJECT_TERM_MAP: [
    { SUBJECT_ID: 8906, NAME: "스마트 수학", TERM_TAXONOMY_ID: 1001 },
    { SUBJECT_ID: 8907, NAME: "스마트 영어", TERM_TAXONOMY_ID: 1003 },
  ],
};

const BANNER = {
  device_count_result: [
    { device_type: "IPAD", device_gen: "9", used_type: "USED", color: null, count: 150 },
    { device_type: "IPAD", device_gen: "10", used_type: "NEW", color: "실버", count: 20 },
    {
      device_type: "AIR_PODS_MAX",
      device_gen: "AirPods Max",
      used_type: "NEW",
      color: "실버",
      count: 15,
    },
  ],
  total_count: 185,
};

function renderAt(entry: string) {
  const Stub = createRoutesStub([{ path: "/guest_enrollment", Component: GuestEnrollment }]);
  return render(<Stub initialEntries={[entry]} />);
}

function routes(extra: Record<string, Handler> = {}) {
  return mockFetch({
    "POST /main/Lecture_StoreItems": () => ok(catalogFixture()),
    "POST /main/getTaxonomy": () => ok(TAXONOMY),
    "POST /main/seoltab_banner_info": () => ok(BANNER),
    ...extra,
  });
}

const subjectNames = () =>
  within(screen.getByRole("group", { name: "과목" }))
    .getAllByRole("radio")
    .map((r) => (r as HTMLInputElement).value);

beforeEach(() => {
  resetTaxonomyCache();
  useRootStore.setState({ enrollment: DEFAULT_ENROLLMENT });
  useCartStore.setState(EMPTY_CART);
  vi.mocked(loadPostcode).mockRejectedValue(new Error("offline"));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("enrollment subjects from getTaxonomy", () => {
  it("lists the catalog's subjects in the taxonomy's order, the rest after", async () => {
    const { callsTo } = routes();
    renderAt("/guest_enrollment");
    await screen.findByRole("group", { name: "과목" });
    await waitFor(() => expect(subjectNames()).toEqual(["영어", "수학", "전과목"]));
    const [call] = callsTo("/main/getTaxonomy");
    expect(call?.body).toEqual({ TAXONOMY: "INGANG" });
    expect(call?.headers.authorization).toBeUndefined();
    // The default choice is still smart math (SPEC.md §3), whatever the order.
    expect(screen.getByRole("radio", { name: "수학" })).toHaveProperty("checked", true);
  });

  it("keeps the catalog's order when getTaxonomy fails", async () => {
    routes({
      "POST /main/getTaxonomy": () => fail(500, "internal", "잠시 후 다시 시도해 주세요."),
    });
    renderAt("/guest_enrollment");
    await screen.findByRole("group", { name: "과목" });
    expect(subjectNames()).toEqual(["수학", "영어", "전과목"]);
  });
});

describe("a diagnosis report's link chooses the subject", () => {
  it("?subject=영어&from=ai_diagnosis starts on English and says why", async () => {
    routes();
    renderAt(`/guest_enrollment?subject=${encodeURIComponent("영어")}&from=ai_diagnosis`);
    expect(await screen.findByRole("radio", { name: "영어" })).toHaveProperty("checked", true);
    expect(screen.getByTestId("enrollment-from-diagnosis").textContent).toContain(
      "AI 학습 진단 결과에 맞춰 영어 과목을 골라 두었어요.",
    );
    await waitFor(() => expect(useRootStore.getState().enrollment.subject).toBe("영어"));
    expect(useRootStore.getState().enrollment.subjectId).toBe(8907);
  });

  it("a subject the catalog does not sell leaves the default, without the note", async () => {
    routes();
    renderAt(`/guest_enrollment?subject=${encodeURIComponent("과학")}&from=ai_diagnosis`);
    expect(await screen.findByRole("radio", { name: "수학" })).toHaveProperty("checked", true);
    expect(screen.queryByTestId("enrollment-from-diagnosis")).toBeNull();
  });
});

describe("tablets left (seoltab_banner_info)", () => {
  it("tells how many tablets are left with the tablet choice, headphones not counted", async () => {
    const { callsTo } = routes();
    renderAt("/guest_enrollment");
    const tablet = await screen.findByRole("group", { name: "태블릿" });
    await waitFor(() =>
      expect(tablet.getAttribute("aria-describedby")).toBe("ipadOption-description"),
    );
    expect(within(tablet).getByText(/태블릿이/).textContent).toBe(
      "지금 신청하면 받을 수 있는 태블릿이 170대 남았어요 (새 제품 20대 · 중고 150대).",
    );
    const [call] = callsTo("/main/seoltab_banner_info");
    expect(call?.body).toEqual({});
    expect(call?.credentials).toBe("include");
    expect(call?.headers.authorization).toBeUndefined();
  });

  it("says none are left at 0, and shows nothing when the call fails", async () => {
    routes({
      "POST /main/seoltab_banner_info": () =>
        ok({
          device_count_result: [{ ...BANNER.device_count_result[0], count: 0 }],
          total_count: 0,
        }),
    });
    const first = renderAt("/guest_enrollment");
    expect(
      await screen.findByText(
        "지금은 남은 태블릿이 없어요. 가지고 있는 태블릿으로 수업할 수 있어요.",
      ),
    ).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();

    routes({ "POST /main/seoltab_banner_info": () => fail(500, "internal", "오류") });
    renderAt("/guest_enrollment");
    const tablet = await screen.findByRole("group", { name: "태블릿" });
    await waitFor(() => expect(subjectNames()).toEqual(["영어", "수학", "전과목"]));
    expect(tablet.getAttribute("aria-describedby")).toBeNull();
  });
});
