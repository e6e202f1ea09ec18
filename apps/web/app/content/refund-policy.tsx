import { CustomerCenterContact } from "../components/ui/customer-center-contact";

/**
 * Summary of the refund rules (SPEC.md §5 refund-ineligibility reasons, §9 refund window),
 * shown in the full modal opened from the business information. Self-service refunds are
 * limited by SPEC.md §5; a refund outside them is still possible through staff, by the amounts
 * Korean law gives (학원법 시행령 refund table), so the text never says "no refund".
 */
export function RefundPolicySummary() {
  return (
    <div className="prose">
      <p>설탭 수강료 환불 기준을 간단히 정리했어요.</p>
      <h3>바로 환불되는 경우</h3>
      <ul>
        <li>
          카드로 결제하고 결제일로부터 1개월이 지나지 않았다면 화면에서 바로 환불을 신청할 수
          있어요.
        </li>
        <li>환불이 끝나면 카드 결제가 취소되고, 카드사 사정에 따라 며칠 안에 반영돼요.</li>
      </ul>
      <h3>고객센터에서 도와드리는 경우</h3>
      <ul>
        <li>결제일로부터 1개월이 지난 결제</li>
        <li>가상계좌로 결제한 내역 (입력하신 계좌로 돌려드려요)</li>
        <li>이미 끝난 수업이 포함된 결제</li>
      </ul>
      <p>
        이런 경우에도 환불을 요청할 수 있어요. 학원의 설립·운영 및 과외교습에 관한 법률 시행령의
        환불 기준에 따라 남은 기간만큼 계산해 안내해 드려요.
      </p>
      <CustomerCenterContact />
      <h3>환불 금액</h3>
      <p>
        환불 금액은 수업을 들은 기간과 함께 결제한 태블릿·교재 등에 따라 달라져요. 정확한 금액은
        환불 신청 화면에서 신청 전에 확인할 수 있어요. 이미 환불된 항목은 다시 환불되지 않아요.
      </p>
    </div>
  );
}
