import { fetchReviews, type ReviewPage } from "../features/marketing/api";
import { h } from "./dom";
import { ISLAND, LATEST_REVIEW_COUNT } from "./markup";
import { reviewCard, reviewSkeletons } from "./review-card";

function stateBox(state: "error" | "empty", title: string, text: string, action?: Node): Node {
  return h(
    "div",
    { class: "state-box", "data-state": state },
    h("p", { class: "state-box__title" }, title),
    h("p", {}, text),
    action ?? null,
  );
}

/**
 * /seoltab_review's newest reviews (markup: features/marketing/components/latest-reviews.tsx):
 * the page holds placeholders; this loads the three newest published reviews from
 * `/marketing/graphql` and shows them, or "no reviews yet", or an error with a retry that
 * shows the placeholders again while it loads. The link to every review stays below.
 */
export async function initLatestReviews(root: ParentNode = document): Promise<void> {
  const block = root.querySelector<HTMLElement>(`[data-island="${ISLAND.latestReviews}"]`);
  if (!block) return;
  const more = block.querySelector(".section__more");
  const show = (node: Node) => {
    for (const child of Array.from(block.children)) if (child !== more) child.remove();
    block.insertBefore(node, more);
  };
  const showLoading = () => {
    block.setAttribute("aria-busy", "true");
    for (const child of Array.from(block.children)) if (child !== more) child.remove();
    block.insertBefore(
      h("p", { class: "visually-hidden", role: "status" }, "최근 후기를 불러오는 중이에요."),
      more,
    );
    block.insertBefore(reviewSkeletons(LATEST_REVIEW_COUNT), more);
  };

  const load = async () => {
    let page: ReviewPage;
    try {
      page = (await fetchReviews({ page: 1, pageSize: LATEST_REVIEW_COUNT })).page;
    } catch {
      const retry = h("button", { type: "button", class: "btn btn--primary" }, "다시 시도");
      retry.addEventListener("click", () => {
        showLoading();
        void load();
      });
      block.setAttribute("aria-busy", "false");
      show(
        stateBox(
          "error",
          "최근 후기를 불러오지 못했어요",
          "네트워크 연결을 확인하고 다시 시도해 주세요.",
          retry,
        ),
      );
      return;
    }
    block.setAttribute("aria-busy", "false");
    if (page.data.length === 0) {
      show(
        stateBox(
          "empty",
          "아직 등록된 후기가 없어요",
          "첫 후기가 올라오면 이곳에서 가장 먼저 보여 드릴게요.",
        ),
      );
      return;
    }
    show(
      h(
        "ul",
        { class: "review-list" },
        ...page.data.map((review) => h("li", {}, reviewCard(review))),
      ),
    );
  };
  await load();
}
