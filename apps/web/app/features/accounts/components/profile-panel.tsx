import type { LoginResponse, UserInfoData } from "../../../stores/root-store";
import { USER_TYPE_LABELS, gradeLabel } from "../labels";

/**
 * 내 정보: the signed-in person's name, email, masked phone (as /main/getUserInfo sends it,
 * 010-****-1234), grade and type. `info` is the root store's userInfo.data (null until fetched).
 */
export function ProfilePanel({ auth, info }: { auth: LoginResponse; info: UserInfoData | null }) {
  const name = (typeof info?.USER_NAME === "string" ? info.USER_NAME : null) ?? auth.USER_NAME;
  const phone = typeof info?.PHONE === "string" ? info.PHONE : null;
  const grade = typeof info?.GRADE === "string" ? info.GRADE : null;
  const nickname =
    (typeof info?.NICKNAME === "string" ? info.NICKNAME : null) ?? auth.NICKNAME ?? null;
  return (
    <dl className="profile-list">
      <div className="profile-list__row">
        <dt>이름</dt>
        <dd data-testid="profile-name">{name ?? "-"}</dd>
      </div>
      <div className="profile-list__row">
        <dt>이메일</dt>
        <dd>{auth.EMAIL_ID}</dd>
      </div>
      <div className="profile-list__row">
        <dt>휴대폰</dt>
        <dd data-testid="profile-phone">
          {phone ?? (info ? "등록된 번호가 없어요" : "불러오는 중…")}
        </dd>
      </div>
      {auth.USER_TYPE === "STUDENT" ? (
        <div className="profile-list__row">
          <dt>학년</dt>
          <dd>{grade ? gradeLabel(grade) : "-"}</dd>
        </div>
      ) : null}
      {nickname ? (
        <div className="profile-list__row">
          <dt>닉네임</dt>
          <dd>{nickname}</dd>
        </div>
      ) : null}
      <div className="profile-list__row">
        <dt>회원 유형</dt>
        <dd>{USER_TYPE_LABELS[auth.USER_TYPE]}</dd>
      </div>
    </dl>
  );
}
