import { isUnderFourteen, passwordProblems, PASSWORD_PROBLEM_MESSAGES } from "@seoltab/domain";
import { GRADES_OF_LEVEL } from "@seoltab/domain/family-accounts";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { showToast } from "../../../components/ui/toast-container";
import { StudentProfileFields, type StudentProfile } from "./student-profile-fields";
import { useActingChildStore } from "../../../stores/acting-child-store";
import {
  PhoneVerification,
  type VerifiedPhone,
} from "../../accounts/components/phone-verification";
import { createStudent, rememberChildren } from "../api";
import { errorText, seoulToday } from "../labels";

function under14(birthDate: string): boolean {
  try {
    return birthDate !== "" && isUnderFourteen(birthDate, new Date());
  } catch {
    return false;
  }
}

/**
 * /CreateStudentAccount's form (issue 15): name, school level and grade, gender, birth date; the
 * child's own email and password only when they sign in alone (otherwise the parent signs in for
 * them); under 14 the parent's consent with their own phone verified, sent in the same step.
 * On success the child becomes the acting child everywhere and the page moves to
 * /ViewStudentAccount.
 */
export function CreateStudentForm() {
  const id = useId();
  const navigate = useNavigate();
  const chooseChild = useActingChildStore((s) => s.chooseChild);
  const [profile, setProfile] = useState<StudentProfile>({
    name: "",
    level: "MIDDLE",
    grade: GRADES_OF_LEVEL.MIDDLE[0]!,
    gender: "MAN",
  });
  const { name, level, grade, gender } = profile;
  const [birthDate, setBirthDate] = useState("");
  const [ownSignIn, setOwnSignIn] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [consentAgreed, setConsentAgreed] = useState(false);
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const young = under14(birthDate);
  const problems = ownSignIn && password ? passwordProblems(password, email) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim() || !birthDate) {
      setError("이름과 생년월일을 입력해 주세요.");
      return;
    }
    if (ownSignIn && (!email || problems.length > 0 || !password)) {
      setError("자녀가 로그인할 이메일과 규칙에 맞는 비밀번호를 입력해 주세요.");
      return;
    }
    if (young && (!consentAgreed || !verified)) {
      setError("만 14세 미만 자녀는 보호자 동의와 휴대폰 인증이 필요해요.");
      return;
    }
    setBusy(true);
    try {
      const created = await createStudent({
        REALNAME: name.trim(),
        SCHOOL_LEVEL: level,
        GRADE: grade,
        GENDER: gender,
        BIRTH_DATE: birthDate,
        ...(ownSignIn ? { EMAIL_ID: email.trim(), PASSWORD: password } : {}),
        ...(young && verified ? { CONSENT_VERIFICATION_TOKEN: verified.token } : {}),
      });
      rememberChildren(created.CHILDREN);
      chooseChild(created.USER_NO);
      void showToast("success", `${name.trim()} 학생 계정을 만들었어요.`);
      void navigate("/ViewStudentAccount");
    } catch (e) {
      setError(errorText(e));
      setVerified(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="family-form" onSubmit={(e) => void submit(e)} noValidate>
      <StudentProfileFields
        id={id}
        nameLabel="자녀 이름"
        nameAutoComplete="off"
        profile={profile}
        onChange={setProfile}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-birth`}>
          생년월일
        </label>
        <input
          id={`${id}-birth`}
          className="form-input"
          type="date"
          value={birthDate}
          max={seoulToday()}
          onChange={(e) => setBirthDate(e.target.value)}
        />
      </div>

      <label className="family-check">
        <input
          type="checkbox"
          checked={ownSignIn}
          onChange={(e) => setOwnSignIn(e.target.checked)}
        />
        <span>
          자녀가 자기 이메일과 비밀번호로 직접 로그인해요 (선택하지 않으면 보호자가 대신 로그인해요)
        </span>
      </label>
      {ownSignIn ? (
        <div className="family-box">
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-email`}>
              자녀 이메일
            </label>
            <input
              id={`${id}-email`}
              className="form-input"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-password`}>
              자녀 비밀번호
            </label>
            <input
              id={`${id}-password`}
              className="form-input"
              type="password"
              autoComplete="new-password"
              value={password}
              aria-describedby={`${id}-password-hint`}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id={`${id}-password-hint`} className="form-field__hint">
              {problems.length > 0
                ? PASSWORD_PROBLEM_MESSAGES[problems[0]!]
                : "8자 이상, 영문·숫자·특수문자를 함께 써 주세요."}
            </p>
          </div>
        </div>
      ) : null}

      {young ? (
        <div className="family-box" aria-labelledby={`${id}-consent-title`}>
          <p id={`${id}-consent-title`} className="form-field__label">
            만 14세 미만 자녀의 개인정보 수집·이용 보호자 동의 (개인정보 보호법 제22조의2)
          </p>
          <label className="family-check">
            <input
              type="checkbox"
              checked={consentAgreed}
              onChange={(e) => setConsentAgreed(e.target.checked)}
            />
            <span>
              보호자로서 자녀의 이름, 생년월일, 학년, 성별을 수업 제공을 위해 수집·이용하는 데
              동의해요.
            </span>
          </label>
          <PhoneVerification
            purpose="PARENT_CONSENT"
            verified={verified}
            onVerified={setVerified}
            onReset={() => setVerified(null)}
            phoneLabel="보호자 휴대폰 번호 (계정에 등록된 번호)"
          />
        </div>
      ) : null}

      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
        {busy ? "만드는 중…" : "자녀 계정 만들기"}
      </button>
    </form>
  );
}
