/**
 * Summary of the refund rules (SPEC.md §5 refund-ineligibility reasons and §9 refund window),
 * shown in the full modal opened from the business information.
 */
export function RefundPolicySummary() {
  return (
    <div className="prose">
      <p>설탭 수강료 환불 기준을 간단히 정리했어요.</p>
      <h3>환불을 신청할 수 있는 기간</h3>
      <ul>
        <li>결제일로부터 1개월 안에 환불을 신청할 수 있어요.</li>
        <li>결제일로부터 1개월이 지나면 환불 신청이 어려워요.</li>
      </ul>
      <h3>환불 신청 대상이 아닌 경우</h3>
      <ul>
        <li>이미 끝난 수업</li>
        <li>이미 환불된 결제 항목</li>
        <li>본인의 결제가 아닌 내역</li>
        <li>가상계좌로 결제한 내역</li>
      </ul>
      <h3>환불 금액</h3>
      <p>
        환불 금액은 수업을 들은 기간과 함께 결제한 태블릿·교재 등에 따라 달라져요. 정확한 금액은
        환불 신청 화면에서 신청 전에 확인할 수 있어요.
      </p>
      <h3>환불 방법</h3>
      <p>카드로 결제했다면 카드 결제 취소로, 그 밖의 결제는 계좌로 돌려드려요.</p>
    </div>
  );
}
