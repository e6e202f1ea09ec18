import { BUSINESS_INFO_TITLE, ISLAND, REFUND_POLICY_TITLE, TEMPLATE_ID } from "./markup";
import { openModal } from "./modal";

function templateContent(root: Document, id: string): DocumentFragment | null {
  const template = root.getElementById(id);
  return template instanceof HTMLTemplateElement ? template.content : null;
}

/**
 * The footer's "사업자 정보" button of a static page (markup: components/marketing/site-footer.tsx):
 * opens the business information as an alert, whose "환불 규정 보기" button opens the refund
 * policy as a full modal stacked on top. The content comes from the page's templates.
 */
export function initBusinessInfo(root: Document = document): void {
  const button = root.querySelector(`[data-island="${ISLAND.businessInfo}"]`);
  const info = templateContent(root, TEMPLATE_ID.businessInfo);
  const refund = templateContent(root, TEMPLATE_ID.refundPolicy);
  if (!button || !info || !refund) return;
  button.addEventListener("click", () => {
    const body = info.cloneNode(true) as DocumentFragment;
    body.querySelector(`[data-island="${ISLAND.refundPolicy}"]`)?.addEventListener("click", () => {
      void openModal({
        kind: "full",
        title: REFUND_POLICY_TITLE,
        body: refund.cloneNode(true),
      });
    });
    void openModal({ kind: "alert", title: BUSINESS_INFO_TITLE, body });
  });
}
