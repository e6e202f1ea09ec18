import { useMutation } from "@apollo/client/react";
import {
  HIGH_SCHOOL_TYPES,
  HIGH_SCHOOL_TYPE_LABELS,
  PUSH_SWITCHES,
  TUTOR_BIO_MAX,
  TUTOR_BIO_TEMPLATE,
  TUTOR_CLASS_TYPES,
  TUTOR_CLASS_TYPE_LABELS,
  UNIVERSITY_STATUSES,
  UNIVERSITY_STATUS_LABELS,
  weeklyBlockProblems,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { useCallback, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { WeeklyBlocksEditor, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { useAutosave } from "../../../lib/autosave";
import { PhoneVerification } from "../../accounts/components/phone-verification";
import { addressOf, loadPostcode } from "../../enrollment/postcode";
import {
  SAVE_TUTOR_RESUME,
  WORKSPACE_CONTEXT,
  type TaxonomyEntry,
  type TutorApplication,
  type TutorResumeInput,
} from "../api";

/** The resume as the form holds it (strings for inputs, string arrays for checkbox groups). */
export interface ResumeFormValues {
  name: string;
  birthYear: string;
  highSchoolType: string;
  universityStatus: string;
  enterYear: string;
  university: string;
  major: string;
  subjects: string[];
  availableTimes: WeeklyTimeBlock[];
  classTypes: string[];
  zonecode: string;
  address: string;
  addressDetail: string;
  wifiRouter: string;
  bio: string;
  privacyOptIn: boolean;
  marketingOptIn: boolean;
  pushSwitches: string[];
  backgroundCheckConsent: boolean;
}

const PUSH_LABELS: Record<string, string> = {
  normal: "수업·지원 알림",
  night: "야간 알림 (21시~8시)",
  ad: "혜택 알림 (앱 푸시)",
  "ad-sms": "혜택 알림 (문자)",
  "ad-email": "혜택 알림 (이메일)",
};

/** Milliseconds after the last keystroke before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 700;

export function formValuesOf(application: TutorApplication): ResumeFormValues {
  const r = application.resume;
  return {
    name: r.name ?? "",
    birthYear: r.birthYear === null ? "" : String(r.birthYear),
    highSchoolType: r.highSchoolType ?? "",
    universityStatus: r.universityStatus,
    enterYear: r.enterYear === null ? "" : String(r.enterYear),
    university: r.university ?? "",
    major: r.major ?? "",
    subjects: r.subjects.map(String),
    availableTimes: plainBlocks(r.availableTimes),
    classTypes: r.classTypes,
    zonecode: r.zonecode ?? "",
    address: r.address ?? "",
    addressDetail: r.addressDetail ?? "",
    wifiRouter: r.wifiRouter,
    bio: r.bio ?? TUTOR_BIO_TEMPLATE,
    privacyOptIn: r.privacyOptIn,
    marketingOptIn: r.marketingOptIn,
    pushSwitches: r.pushSwitches,
    backgroundCheckConsent: r.backgroundCheckConsent,
  };
}

const textOrNull = (value: string) => (value.trim() === "" ? null : value.trim());
const yearOrNull = (value: string) => (/^\d{4}$/.test(value.trim()) ? Number(value) : null);

/**
 * saveTutorResume's input from the form. Weekly blocks with a problem (past 22:00, overlapping)
 * stay out until fixed, so the rest of the draft is still saved.
 */
export function resumeInputOf(values: ResumeFormValues): TutorResumeInput {
  const blocks = values.availableTimes.filter((b) => b.start && b.end);
  return {
    name: textOrNull(values.name) ?? undefined,
    birthYear: yearOrNull(values.birthYear),
    highSchoolType: textOrNull(values.highSchoolType),
    universityStatus: values.universityStatus,
    enterYear: yearOrNull(values.enterYear),
    university: textOrNull(values.university),
    major: textOrNull(values.major),
    subjects: values.subjects.map(Number),
    ...(weeklyBlockProblems(blocks).length === 0 ? { availableTimes: blocks } : {}),
    classTypes: values.classTypes,
    zonecode: /^\d{5}$/.test(values.zonecode.trim()) ? values.zonecode.trim() : null,
    address: textOrNull(values.address),
    addressDetail: textOrNull(values.addressDetail),
    wifiRouter: values.wifiRouter,
    bio: values.bio.trim() === TUTOR_BIO_TEMPLATE.trim() ? null : textOrNull(values.bio),
    privacyOptIn: values.privacyOptIn,
    marketingOptIn: values.marketingOptIn,
    pushSwitches: values.pushSwitches,
    backgroundCheckConsent: values.backgroundCheckConsent,
  };
}

const TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * The tutor resume (SPEC.md §3 "Tutor resume and application"), saved as a draft on the server
 * AUTOSAVE_DELAY_MS after each change, so it survives a reload and another device. Every field
 * with its default: opt-ins and push switches on, enrolled, old router, the bio template.
 */
export function ResumeForm({
  application,
  subjects,
}: {
  application: TutorApplication;
  subjects: TaxonomyEntry[] | null;
}) {
  const id = useId();
  const form = useForm<ResumeFormValues>({ defaultValues: formValuesOf(application) });
  const { register, control, getValues } = form;
  // Re-renders on every change; what is on screen, as it would be sent, is read with getValues.
  const values = useWatch({ control });
  const [saveResume] = useMutation(SAVE_TUTOR_RESUME, { context: WORKSPACE_CONTEXT });
  const send = useCallback(
    async (body: string) => {
      await saveResume({ variables: { input: JSON.parse(body) as TutorResumeInput } });
    },
    [saveResume],
  );
  const save = useAutosave(JSON.stringify(resumeInputOf(getValues())), send, {
    delayMs: AUTOSAVE_DELAY_MS,
    errorMessage,
  });

  return (
    <form
      className="tutor-resume"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="tutor-resume__head">
        <h2 id={`${id}-title`}>지원서</h2>
        <p className="tutor-save" role="status" aria-live="polite" data-testid="resume-save-state">
          {save.kind === "saving"
            ? "저장하는 중…"
            : save.kind === "saved"
              ? `자동 저장됨 ${TIME.format(save.at)}`
              : save.kind === "failed"
                ? `저장하지 못했어요: ${save.message}`
                : "입력하면 자동으로 저장돼요."}
        </p>
      </div>

      <fieldset className="tutor-group">
        <legend>기본 정보</legend>
        <Field label="이름" htmlFor={`${id}-name`}>
          <input
            id={`${id}-name`}
            className="form-input"
            autoComplete="name"
            maxLength={50}
            {...register("name")}
          />
        </Field>
        <PhoneField application={application} />
        <Field label="태어난 해" htmlFor={`${id}-birth`} hint="예: 2004">
          <input
            id={`${id}-birth`}
            className="form-input"
            inputMode="numeric"
            maxLength={4}
            {...register("birthYear")}
          />
        </Field>
        <Field label="출신 고등학교 유형" htmlFor={`${id}-hs`}>
          <select id={`${id}-hs`} className="form-input" {...register("highSchoolType")}>
            <option value="">고르기</option>
            {HIGH_SCHOOL_TYPES.map((type) => (
              <option key={type} value={type}>
                {HIGH_SCHOOL_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>대학교</legend>
        <div className="tutor-choices" role="radiogroup" aria-label="재학 상태">
          {UNIVERSITY_STATUSES.map((status) => (
            <label key={status} className="checkbox-line">
              <input type="radio" value={status} {...register("universityStatus")} />
              <span>{UNIVERSITY_STATUS_LABELS[status]}</span>
            </label>
          ))}
        </div>
        <Field label="대학교" htmlFor={`${id}-univ`}>
          <input
            id={`${id}-univ`}
            className="form-input"
            maxLength={60}
            {...register("university")}
          />
        </Field>
        <Field label="전공" htmlFor={`${id}-major`}>
          <input id={`${id}-major`} className="form-input" maxLength={60} {...register("major")} />
        </Field>
        <Field label="입학 연도" htmlFor={`${id}-enter`} hint="예: 2023">
          <input
            id={`${id}-enter`}
            className="form-input"
            inputMode="numeric"
            maxLength={4}
            {...register("enterYear")}
          />
        </Field>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>가르칠 수 있는 과목</legend>
        {subjects === null ? (
          <p className="form-field__hint">과목 목록을 불러오는 중이에요…</p>
        ) : (
          <SubjectChoices subjects={subjects} form={form} />
        )}
      </fieldset>

      <fieldset className="tutor-group">
        <legend>수업 유형</legend>
        <div className="tutor-choices">
          {TUTOR_CLASS_TYPES.map((type) => (
            <label key={type} className="checkbox-line">
              <input type="checkbox" value={type} {...register("classTypes")} />
              <span>{TUTOR_CLASS_TYPE_LABELS[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* Weekly blocks the tutor can teach (Asia/Seoul), each ending by 22:00, not overlapping. */}
      <Controller
        control={control}
        name="availableTimes"
        render={({ field }) => (
          <WeeklyBlocksEditor
            legend="수업 가능한 시간"
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />

      <AddressFields form={form} />

      <fieldset className="tutor-group">
        <legend>인터넷 환경</legend>
        <p className="form-field__hint">
          집에서 쓰는 와이파이 공유기예요. 화상 수업 품질을 확인할 때 써요.
        </p>
        <div className="tutor-choices">
          <label className="checkbox-line">
            <input type="radio" value="OLD" {...register("wifiRouter")} />
            <span>일반 공유기</span>
          </label>
          <label className="checkbox-line">
            <input type="radio" value="NEW" {...register("wifiRouter")} />
            <span>와이파이 6 이상 공유기</span>
          </label>
        </div>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>자기소개</legend>
        <label className="form-field__label" htmlFor={`${id}-bio`}>
          학생과 학부모님이 보게 될 소개예요. 괄호 부분을 직접 채워 주세요.
        </label>
        <textarea
          id={`${id}-bio`}
          className="form-input tutor-bio"
          rows={8}
          maxLength={TUTOR_BIO_MAX}
          {...register("bio")}
        />
        <p className="form-field__hint">
          {(values.bio ?? "").trim().length} / {TUTOR_BIO_MAX}자 · 50자 이상
        </p>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>동의와 알림</legend>
        <label className="checkbox-line">
          <input type="checkbox" {...register("privacyOptIn")} />
          <span>[필수] 선생님 지원을 위한 개인정보 수집·이용에 동의해요.</span>
        </label>
        <label className="checkbox-line">
          <input type="checkbox" {...register("backgroundCheckConsent")} />
          <span>
            [필수] 아동·청소년을 가르치기 전에 필요한 성범죄 경력 조회(청소년성보호법 제56조)와
            아동학대 관련 범죄 경력 조회(아동복지법 제29조의3)를 설탭이 요청하는 데 동의해요.
          </span>
        </label>
        <label className="checkbox-line">
          <input type="checkbox" {...register("marketingOptIn")} />
          <span>[선택] 혜택·이벤트 정보 받기에 동의해요.</span>
        </label>
        <p className="form-field__hint">받을 알림</p>
        <div className="tutor-choices">
          {PUSH_SWITCHES.map((key) => (
            <label key={key} className="checkbox-line">
              <input type="checkbox" value={key} {...register("pushSwitches")} />
              <span>{PUSH_LABELS[key]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint ? <p className="form-field__hint">{hint}</p> : null}
    </div>
  );
}

/** The verified phone; another number is verified by SMS code (PURPOSE TUTOR_RESUME). */
function PhoneField({ application }: { application: TutorApplication }) {
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saveResume] = useMutation(SAVE_TUTOR_RESUME, { context: WORKSPACE_CONTEXT });
  const { phone, phoneVerified } = application.resume;
  return (
    <div className="form-field">
      <span className="form-field__label">휴대폰 번호</span>
      {changing ? (
        <PhoneVerification
          purpose="TUTOR_RESUME"
          verified={null}
          onVerified={(verified) => {
            saveResume({ variables: { input: { phoneVerificationToken: verified.token } } }).then(
              () => {
                setChanging(false);
                setError(null);
              },
              (e: unknown) => setError(errorMessage(e)),
            );
          }}
          onReset={() => setChanging(false)}
        />
      ) : (
        <div className="form-field__row">
          <span className="tutor-phone" data-testid="resume-phone">
            {phone ?? "없음"} {phone && phoneVerified ? "· 인증됨" : "· 인증 필요"}
          </span>
          <button type="button" className="btn btn--secondary" onClick={() => setChanging(true)}>
            {phone ? "다른 번호로 인증" : "번호 인증"}
          </button>
        </div>
      )}
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SubjectChoices({
  subjects,
  form,
}: {
  subjects: TaxonomyEntry[];
  form: UseFormReturn<ResumeFormValues>;
}) {
  const areas = subjects.filter((s) => s.DEPTH === 1);
  const childrenOf = (parent: number) => subjects.filter((s) => s.PARENT === parent);
  const box = (s: TaxonomyEntry) => (
    <label key={s.TERM_TAXONOMY_ID} className="checkbox-line">
      <input type="checkbox" value={String(s.TERM_TAXONOMY_ID)} {...form.register("subjects")} />
      <span>{s.NAME}</span>
    </label>
  );
  return (
    <div className="tutor-subjects">
      {areas.map((area) => (
        <div key={area.TERM_TAXONOMY_ID} className="tutor-subjects__area">
          {box(area)}
          <div className="tutor-subjects__children">
            {childrenOf(area.TERM_TAXONOMY_ID).flatMap((level) => [
              box(level),
              ...childrenOf(level.TERM_TAXONOMY_ID).map(box),
            ])}
          </div>
        </div>
      ))}
    </div>
  );
}

type SearchState = "idle" | "loading" | "open" | "unavailable";

/** Address by the Kakao Postcode search, with manual entry when it cannot load. */
function AddressFields({ form }: { form: UseFormReturn<ResumeFormValues> }) {
  const id = useId();
  const [state, setState] = useState<SearchState>("idle");
  const layerRef = useRef<HTMLDivElement>(null);
  const close = () => {
    layerRef.current?.replaceChildren();
    setState("idle");
  };
  const open = () => {
    setState("loading");
    loadPostcode().then(
      (Postcode) => {
        const layer = layerRef.current;
        if (!layer) return;
        setState("open");
        new Postcode({
          width: "100%",
          height: "100%",
          oncomplete: (data) => {
            form.setValue("zonecode", data.zonecode, { shouldDirty: true });
            form.setValue("address", addressOf(data), { shouldDirty: true });
            close();
            form.setFocus("addressDetail");
          },
        }).embed(layer, { autoClose: false });
      },
      () => setState("unavailable"),
    );
  };
  return (
    <fieldset className="tutor-group">
      <legend>주소</legend>
      <div>
        <button
          type="button"
          className="btn btn--secondary"
          aria-expanded={state === "open"}
          disabled={state === "loading"}
          onClick={state === "open" ? close : open}
        >
          {state === "open" ? "주소 검색 닫기" : state === "loading" ? "불러오는 중…" : "주소 검색"}
        </button>
      </div>
      {state === "unavailable" ? (
        <p className="form-alert form-alert--info" role="status">
          주소 검색을 불러오지 못했어요. 아래 칸에 주소를 직접 입력해 주세요.
        </p>
      ) : null}
      <div
        ref={layerRef}
        className="tutor-postcode"
        hidden={state !== "open"}
        role="region"
        aria-label="주소 검색"
      />
      <Field label="우편번호" htmlFor={`${id}-zip`}>
        <input
          id={`${id}-zip`}
          className="form-input"
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          {...form.register("zonecode")}
        />
      </Field>
      <Field label="주소" htmlFor={`${id}-addr`}>
        <input
          id={`${id}-addr`}
          className="form-input"
          autoComplete="address-line1"
          maxLength={200}
          {...form.register("address")}
        />
      </Field>
      <Field label="상세 주소" htmlFor={`${id}-detail`}>
        <input
          id={`${id}-detail`}
          className="form-input"
          autoComplete="address-line2"
          maxLength={100}
          {...form.register("addressDetail")}
        />
      </Field>
    </fieldset>
  );
}
