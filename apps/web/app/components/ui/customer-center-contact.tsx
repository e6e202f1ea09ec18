import { appConfig } from "../../lib/app-config";
import { CUSTOMER_CENTER } from "../../site";

/**
 * Where a page says to contact 고객센터 (issue #11 item 13): "설탭 고객센터 1600-0000 (평일
 * 10:00~19:00)" with the number as a tel: link once the operator's number is set (site.ts
 * CUSTOMER_CENTER; none is made up). Until then the contact the product really has: the
 * consultation form (CONSULTATION_URL, our /consultation by default), where staff call back.
 */
export function CustomerCenterContact({
  center = CUSTOMER_CENTER,
  consultationUrl,
  className,
}: {
  center?: { name: string; phone: string | null; hours: string | null };
  /** Default: the configured consultation address (app config). */
  consultationUrl?: string;
  className?: string;
}) {
  if (!center.phone) {
    const href = consultationUrl ?? appConfig().consultationUrl;
    return (
      <p className={className} data-testid="customer-center">
        {center.name}: <a href={href}>상담 신청</a>을 남겨 주시면 담당자가 연락드려요.
      </p>
    );
  }
  return (
    <p className={className} data-testid="customer-center">
      {center.name} <a href={`tel:${center.phone.replace(/[^\d+]/g, "")}`}>{center.phone}</a>
      {center.hours ? ` (${center.hours})` : ""}
    </p>
  );
}
