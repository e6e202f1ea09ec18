import { GRADES_OF_LEVEL, schoolLevelOf } from "@seoltab/domain/family-accounts";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { showToast } from "../../../components/ui/toast-container";
import { FindChildrenByPhone } from "./find-children-by-phone";
import { StudentProfileFields, type StudentProfile } from "./student-profile-fields";
import { actingChildOf, useActingChildStore } from "../../../stores/acting-child-store";
import { ChildSwitcher } from "../../accounts/components/child-switcher";
import {
  confirmChildLink,
  familyStudents,
  rememberChildren,
  requestChildLink,
  resetStudentPassword,
  unlinkStudent,
  updateStudent,
  type FamilyChild,
} from "../api";
import { blockerText, errorText } from "../labels";

function Alert({ text }: { text: string | null }) {
  return text ? (
    <p className="form-alert form-alert--error" role="alert">
      {text}
    </p>
  ) : null;
}

function ProfileForm({ child, onSaved }: { child: FamilyChild; onSaved: () => void }) {
  const id = useId();
  const [profile, setProfile] = useState<StudentProfile>(() => ({
    name: child.USER_NAME,
    level: schoolLevelOf(child.GRADE) ?? "MIDDLE",
    grade: child.GRADE ?? GRADES_OF_LEVEL.MIDDLE[0]!,
    gender: child.GENDER === "WOMAN" ? "WOMAN" : "MAN",
  }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await updateStudent({
        CHILD_USER_NO: child.USER_NO,
        REALNAME: profile.name.trim(),
        SCHOOL_LEVEL: profile.level,
        GRADE: profile.grade,
        GENDER: profile.gender,
      });
      void showToast("success", "자녀 정보를 바꿨어요.");
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="family-form" onSubmit={(e) => void submit(e)} noValidate>
      <StudentProfileFields id={id} nameLabel="이름" profile={profile} onChange={setProfile} />
      <Alert text={error} />
      <button type="submit" className="btn btn--primary btn--lg" disabled={busy}>
        정보 저장
      </button>
    </form>
  );
}

function PasswordForm({ child }: { child: FamilyChild }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const parentManaged = child.SIGN_IN === "PARENT";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await resetStudentPassword({
        CHILD_USER_NO: child.USER_NO,
        NEW_PASSWORD: password,
        ...(parentManaged && email ? { EMAIL_ID: email.trim() } : {}),
      });
      setPassword("");
      void showToast("success", "자녀 비밀번호를 바꿨어요.");
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form className="family-form" onSubmit={(e) => void submit(e)} noValidate>
      {parentManaged ? (
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-email`}>
            자녀가 로그인할 이메일
          </label>
          <input
            id={`${id}-email`}
            className="form-input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
      ) : null}
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-password`}>
          새 비밀번호
        </label>
        <input
          id={`${id}-password`}
          className="form-input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="form-field__hint">8자 이상, 영문·숫자·특수문자를 함께 써 주세요.</p>
      </div>
      <Alert text={error} />
      <button type="submit" className="btn btn--secondary btn--lg">
        비밀번호 재설정
      </button>
    </form>
  );
}

function UnlinkPanel({ child, onDone }: { child: FamilyChild; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const needsSignIn = child.SIGN_IN === "PARENT";
  const blocked = child.UNLINK_BLOCKERS.length > 0 || needsSignIn;
  const unlink = async () => {
    if (!window.confirm(`${child.USER_NAME} 학생과의 연결을 해제할까요?`)) return;
    setError(null);
    try {
      const answer = await unlinkStudent(child.USER_NO);
      rememberChildren(answer.CHILDREN);
      void showToast("success", "자녀 계정 연결을 해제했어요.");
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="family-form">
      <p className="family-card__meta">
        {child.UNLINK_BLOCKERS.length > 0
          ? `지금은 해제할 수 없어요. ${blockerText(child.UNLINK_BLOCKERS)}`
          : needsSignIn
            ? "보호자가 대신 로그인하는 자녀예요. 해제하기 전에 위에서 자녀가 로그인할 이메일과 비밀번호를 설정해 주세요."
            : "연결을 해제해도 자녀 계정과 결제·계약 기록은 그대로 남아요."}
      </p>
      <Alert text={error} />
      <button
        type="button"
        className="btn btn--ghost btn--lg"
        disabled={blocked}
        onClick={() => void unlink()}
      >
        자녀 연결 해제
      </button>
    </div>
  );
}

/** Link an existing student: their email → a code to their phone → the parent enters it. */
function LinkExisting({ onLinked }: { onLinked: () => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [request, setRequest] = useState<{ id: string; sentTo: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await requestChildLink(email.trim());
      setRequest({ id: sent.REQUEST_ID, sentTo: sent.SENT_TO });
    } catch (e) {
      setError(errorText(e));
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    setError(null);
    try {
      const linked = await confirmChildLink(request.id, code.trim());
      rememberChildren(linked.CHILDREN);
      void showToast("success", "자녀 계정을 연결했어요.");
      setRequest(null);
      setEmail("");
      setCode("");
      onLinked();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return request ? (
    <form className="family-form" onSubmit={(e) => void confirm(e)} noValidate>
      <p className="family-card__meta">
        {request.sentTo}로 확인 번호를 보냈어요. 자녀에게 받은 6자리 번호를 입력해 주세요.
      </p>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-code`}>
          확인 번호
        </label>
        <input
          id={`${id}-code`}
          className="form-input"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <Alert text={error} />
      <button type="submit" className="btn btn--primary btn--lg">
        연결 확인
      </button>
    </form>
  ) : (
    <form className="family-form" onSubmit={(e) => void ask(e)} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-email`}>
          자녀가 가입한 이메일
        </label>
        <input
          id={`${id}-email`}
          className="form-input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <p className="form-field__hint">
          자녀의 휴대폰(만 14세 미만은 동의한 보호자 휴대폰)으로 확인 번호를 보내요.
        </p>
      </div>
      <Alert text={error} />
      <button type="submit" className="btn btn--secondary btn--lg">
        확인 번호 보내기
      </button>
    </form>
  );
}

/**
 * /UpdateStudentAccount (issue 15): the chosen child's profile, password reset, unlinking (only
 * when nothing is owed and no lecture runs), and linking an existing student by their code.
 */
export function StudentEditor() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const chosen = useActingChildStore((s) => s.childUserNo);
  const choose = useActingChildStore((s) => s.chooseChild);
  const [children, setChildren] = useState<FamilyChild[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    familyStudents().then(
      (data) => {
        setChildren(data.CHILDREN);
        rememberChildren(
          data.CHILDREN.map((c) => ({ USER_NO: c.USER_NO, USER_NAME: c.USER_NAME })),
        );
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, []);
  useEffect(reload, [reload]);
  const wanted = Number(params.get("child")) || chosen;
  const child =
    children === null
      ? undefined
      : (children.find((c) => c.USER_NO === wanted) ??
        children.find((c) => c.USER_NO === actingChildOf(children, chosen)?.USER_NO));
  return (
    <>
      <Alert text={error} />
      {children !== null && children.length > 1 ? (
        <ChildSwitcher
          options={children}
          value={child?.USER_NO ?? null}
          onChange={(userNo) => {
            choose(userNo);
            void navigate(`/UpdateStudentAccount?child=${userNo}`, { replace: true });
          }}
        />
      ) : null}
      {child ? (
        <>
          <section className="family-card" aria-labelledby="profile-title">
            <h2 id="profile-title" className="family-card__name">
              {child.USER_NAME} 학생 정보
            </h2>
            <ProfileForm key={`p${child.USER_NO}`} child={child} onSaved={reload} />
          </section>
          <section className="family-card" aria-labelledby="password-title">
            <h2 id="password-title" className="family-card__name">
              비밀번호 재설정
            </h2>
            <PasswordForm key={`w${child.USER_NO}`} child={child} />
          </section>
          <section className="family-card" aria-labelledby="unlink-title">
            <h2 id="unlink-title" className="family-card__name">
              연결 해제
            </h2>
            <UnlinkPanel
              child={child}
              onDone={() => {
                void navigate("/ViewStudentAccount");
              }}
            />
          </section>
        </>
      ) : children !== null ? (
        <p className="family-page__lead">수정할 자녀가 없어요.</p>
      ) : (
        <p className="family-page__lead">자녀 정보를 불러오는 중…</p>
      )}
      <section className="family-card" id="link-existing" aria-labelledby="link-title">
        <h2 id="link-title" className="family-card__name">
          가입한 자녀 연결하기
        </h2>
        <LinkExisting onLinked={reload} />
        <FindChildrenByPhone linkedUserNos={children?.map((c) => c.USER_NO) ?? []} />
      </section>
    </>
  );
}
