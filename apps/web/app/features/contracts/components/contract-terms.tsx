import { tabletLabel } from "../labels";

/**
 * A signed contract's first rows in a `.price-list`: 학생 (with 보호자 when there is one), 수강
 * 기간 in months and 태블릿 (ownership, and new or used when bought) — shared by 지금 계약 and
 * the list of signed contracts; the caller's `<dl>` adds the rest.
 */
export function ContractTermRows({
  userName,
  parentName,
  contract,
}: {
  userName: string;
  parentName: string | null;
  contract: { month: number; ownershipType: string; isUsed: boolean };
}) {
  return (
    <>
      <div className="price-list__row">
        <dt>학생</dt>
        <dd>
          {userName}
          {parentName ? ` · 보호자 ${parentName}` : ""}
        </dd>
      </div>
      <div className="price-list__row">
        <dt>수강 기간</dt>
        <dd>{contract.month}개월</dd>
      </div>
      <div className="price-list__row">
        <dt>태블릿</dt>
        <dd>{tabletLabel(contract)}</dd>
      </div>
    </>
  );
}
