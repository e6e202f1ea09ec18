import { useMutation, useQuery } from "@apollo/client/react";
import {
  TUTOR_APPLICATION_STATE_LABELS,
  TUTOR_CLASS_TYPES,
  TUTOR_CLASS_TYPE_LABELS,
  UNIVERSITY_STATUSES,
  UNIVERSITY_STATUS_LABELS,
  type TutorApplicationState,
  type TutorClassType,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { errorMessage } from "../../../lib/graphql-errors";
import { useRootStore } from "../../../stores/root-store";
import {
  MY_TUTOR_APPLICATION,
  SIGN_TUTOR_AGREEMENT,
  SUBMIT_TUTOR_APPLICATION,
  SUBMIT_VOICE_ANSWER,
  UPDATE_TUTOR_PROFILE,
  WORKSPACE_CONTEXT,
  fetchSubjects,
  type TaxonomyEntry,
  type TutorApplication,
} from "../api";
import { WeeklyBlocksEditor, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { EnrollmentProofUpload, FileLine, VoiceAnswer } from "./files";
import { ResumeForm } from "./resume-form";

const DATE = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
});
const DATE_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026년 11월 24일" in Asia/Seoul. */
export function seoulDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** The main path an applicant walks, in order (the status page's steps). */
export const MAIN_STEPS: { state: TutorApplicationState; label: string }[] = [
  { state: "JOIN", label: "지원서 작성" },
  { state: "SUBMITTED", label: "서류 검토" },
  { state: "DOCUMENTS_OK", label: "음성 답변" },
  { state: "VOICE_SUBMITTED", label: "음성 검토" },
  { state: "GPASS", label: "합격" },
  { state: "CONTRACT", label: "계약서 서명" },
  { state: "ACTIVE", label: "활동 시작" },
];

function stepIndex(application: TutorApplication): number {
  const direct = MAIN_STEPS.findIndex((s) => s.state === application.state);
  if (direct >= 0) return direct;
  if (application.state === "NOGOOD") return 1;
  if (application.state === "NPASS") return 3;
  return MAIN_STEPS.length - 1; // PAUSED, ENDED: after activation
}

/** Where the application stands: the steps, the next action and its deadline, what staff said. */
export function ApplicationStatus({ application }: { application: TutorApplication }) {
  const current = stepIndex(application);
  const refused = application.state === "NOGOOD" || application.state === "NPASS";
  return (
    <section
      className="app-panel app-panel--left tutor-status"
      aria-labelledby="tutor-status-title"
    >
      <h2 id="tutor-status-title">지원 현황</h2>
      <p className="tutor-status__state" data-testid="tutor-state">
        <span className={`tutor-badge tutor-badge--${application.state.toLowerCase()}`}>
          {application.stateLabel}
        </span>
        {application.attempt > 1 ? (
          <span className="tutor-status__attempt">{application.attempt}번째 지원</span>
        ) : null}
      </p>
      <ol className="tutor-steps" aria-label="지원 단계">
        {MAIN_STEPS.map((step, index) => (
          <li
            key={step.state}
            className={`tutor-steps__step${index < current ? " is-done" : ""}${index === current ? " is-current" : ""}${index === current && refused ? " is-refused" : ""}`}
            aria-current={index === current ? "step" : undefined}
          >
            {step.label}
          </li>
        ))}
      </ol>
      <p className="tutor-status__next" data-testid="tutor-next-action">
        <strong>다음 할 일</strong> {application.nextAction}
        {application.nextActionDeadline ? (
          <span className="tutor-status__deadline">
            {" "}
            ({seoulDate(application.nextActionDeadline)}
            {refused ? "부터" : "까지"})
          </span>
        ) : null}
      </p>
      {application.remindedAt ? (
        <p className="form-alert form-alert--info" role="status">
          진행이 {seoulDate(application.stateChangedAt)}부터 멈춰 있어요. 위의 다음 할 일을 마쳐
          주세요.
        </p>
      ) : null}
      {application.lastReason ? (
        <p className="tutor-status__reason">
          <strong>운영팀 메모</strong> {application.lastReason}
        </p>
      ) : null}
      {application.transitions.length > 0 ? (
        <details className="tutor-history">
          <summary>진행 기록 {application.transitions.length}건</summary>
          <ol>
            {application.transitions.map((tr) => (
              <li key={`${tr.createdAt}-${tr.toState}`}>
                <time dateTime={tr.createdAt}>{DATE_TIME.format(new Date(tr.createdAt))}</time>{" "}
                {TUTOR_APPLICATION_STATE_LABELS[tr.toState]}
                {tr.reason ? ` — ${tr.reason}` : ""}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

/** The tutor agreement's text and the signature (name + agreement), in CONTRACT. */
function AgreementPanel({ application }: { application: TutorApplication }) {
  const id = useId();
  const [name, setName] = useState(application.resume.name ?? "");
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sign, { loading }] = useMutation(SIGN_TUTOR_AGREEMENT, { context: WORKSPACE_CONTEXT });
  const agreement = application.agreement;
  if (!agreement) return null;
  return (
    <section className="app-panel app-panel--left" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{agreement.title}</h2>
      <div className="tutor-agreement" tabIndex={0} aria-label="계약서 내용">
        {agreement.sections.map((section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </div>
      {agreement.signedAt ? (
        <p className="form-alert form-alert--info" role="status" data-testid="agreement-signed">
          {agreement.signerName} 님이 {seoulDate(agreement.signedAt)}에 서명했어요.
          {application.activationBlockers.length > 0
            ? " 경력 조회 결과가 확인되면 활동이 시작돼요."
            : ""}
        </p>
      ) : (
        <form
          className="tutor-sign"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return setError("서명할 이름을 적어 주세요.");
            if (!agreed) return setError("계약 내용에 동의해야 서명할 수 있어요.");
            setError(null);
            sign({ variables: { input: { signerName: name.trim(), agreed } } }).then(
              () => toast.success("계약서에 서명했어요."),
              (err: unknown) => setError(errorMessage(err)),
            );
          }}
        >
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-name`}>
              서명자 이름
            </label>
            <input
              id={`${id}-name`}
              className="form-input"
              value={name}
              maxLength={50}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <label className="checkbox-line">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>위 계약서의 내용을 모두 읽었고, 이에 동의합니다.</span>
          </label>
          {error ? (
            <p className="form-field__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--lg" disabled={loading}>
            {loading ? "서명하는 중…" : "동의하고 서명하기"}
          </button>
        </form>
      )}
    </section>
  );
}

/** After ACTIVE: matching on/off, the university status confirmed this term, the family's view. */
function ProfilePanel({
  application,
  subjectName,
  subjects,
}: {
  application: TutorApplication;
  subjectName: (id: number) => string;
  subjects: TaxonomyEntry[] | null;
}) {
  const id = useId();
  const [update, { loading }] = useMutation(UPDATE_TUTOR_PROFILE, { context: WORKSPACE_CONTEXT });
  const [status, setStatus] = useState(application.resume.universityStatus);
  const run = (input: { matchingAvailable?: boolean; universityStatus?: string }) =>
    update({ variables: { input } }).then(
      () => toast.success("프로필을 저장했어요."),
      (err: unknown) => toast.error(errorMessage(err)),
    );
  const card = application.profileCard;
  return (
    <section className="app-panel app-panel--left" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>선생님 프로필</h2>
      <label className="checkbox-line">
        <input
          type="checkbox"
          checked={application.matchingAvailable}
          disabled={loading}
          onChange={(e) => void run({ matchingAvailable: e.target.checked })}
        />
        <span>새 학생 매칭 받기</span>
      </label>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-status`}>
          이번 학기 재학 상태
        </label>
        <div className="form-field__row">
          <select
            id={`${id}-status`}
            className="form-input"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            {UNIVERSITY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {UNIVERSITY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={loading}
            onClick={() => void run({ universityStatus: status })}
          >
            확인
          </button>
        </div>
        <p className="form-field__hint">
          {application.universityStatusConfirmedAt
            ? `마지막 확인: ${seoulDate(application.universityStatusConfirmedAt)}.`
            : "아직 확인하지 않았어요."}{" "}
          휴학 중에는 새 학생을 맡을 수 없어요.
        </p>
      </div>
      {application.matchabilityProblems.length > 0 ? (
        <ul className="form-alert form-alert--info" data-testid="matchability">
          {application.matchabilityProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : (
        <p className="form-alert form-alert--info" data-testid="matchability">
          지금 새 학생을 소개받을 수 있어요.
        </p>
      )}
      <TeachingEditor application={application} subjects={subjects} />
      <h3>학부모님께 보이는 프로필</h3>
      <div className="tutor-card" data-testid="profile-card">
        <p className="tutor-card__name">{card.maskedName} 선생님</p>
        <p>
          {card.university} {card.major} ·{" "}
          {UNIVERSITY_STATUS_LABELS[card.universityStatus as "ENROLLED"] ?? ""}
        </p>
        <p>{card.subjects.map(subjectName).join(", ")}</p>
        <p>
          {card.classTypes
            .map((c) => TUTOR_CLASS_TYPE_LABELS[c as TutorClassType] ?? c)
            .join(" · ")}
        </p>
        {card.bio ? <p className="tutor-card__bio">{card.bio}</p> : null}
      </div>
    </section>
  );
}

/**
 * /_app/tutor: the tutor's one page from joining to teaching — where the application stands,
 * the resume (a draft saved as they type), the enrolment proof, the voice answer, the tutor
 * agreement, and after ACTIVE the profile. Signed out or not a tutor: why, and the way on.
 */
export function TutorWorkspace() {
  const auth = useRootStore((state) => state.auth);
  const user = auth.flag ? auth.data : null;
  if (!user) {
    return (
      <section className="app-panel" aria-labelledby="tutor-title">
        <h1 id="tutor-title">로그인이 필요해요</h1>
        <p>선생님 지원서는 선생님 계정으로 로그인한 뒤에 쓸 수 있어요.</p>
        <div className="app-panel__actions">
          <Link to="/sign_in?for_resume=1" className="btn btn--primary btn--lg">
            로그인하기
          </Link>
          <Link to="/JoinPage?type=TEACHER" className="btn btn--secondary btn--lg">
            선생님으로 가입하기
          </Link>
        </div>
      </section>
    );
  }
  if (user.USER_TYPE !== "TEACHER") {
    return (
      <section className="app-panel" aria-labelledby="tutor-title">
        <h1 id="tutor-title">선생님 계정만 볼 수 있는 페이지예요</h1>
        <p>선생님으로 지원하려면 선생님 계정으로 가입해 주세요.</p>
        <div className="app-panel__actions">
          <Link to="/_app" className="btn btn--primary btn--lg">
            내 학습 공간으로
          </Link>
        </div>
      </section>
    );
  }
  return <TutorWorkspaceBody />;
}

function TutorWorkspaceBody() {
  const { data, loading, error, refetch } = useQuery(MY_TUTOR_APPLICATION, {
    context: WORKSPACE_CONTEXT,
    fetchPolicy: "network-only",
    nextFetchPolicy: "cache-first",
  });
  const [subjects, setSubjects] = useState<TaxonomyEntry[] | null>(null);
  const [submit, submitState] = useMutation(SUBMIT_TUTOR_APPLICATION, {
    context: WORKSPACE_CONTEXT,
  });
  const [submitVoice, voiceState] = useMutation(SUBMIT_VOICE_ANSWER, {
    context: WORKSPACE_CONTEXT,
  });
  useEffect(() => {
    let live = true;
    fetchSubjects().then(
      (list) => live && setSubjects(list),
      () => live && setSubjects([]),
    );
    return () => {
      live = false;
    };
  }, []);

  if (loading && !data) {
    return (
      <section className="app-panel" aria-busy="true">
        <p>지원서를 불러오는 중이에요…</p>
      </section>
    );
  }
  if (error || !data) {
    return (
      <section className="app-panel" role="alert">
        <h1>지원서를 불러오지 못했어요</h1>
        <p>{errorMessage(error)}</p>
        <div className="app-panel__actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void refetch()}>
            다시 시도
          </button>
        </div>
      </section>
    );
  }
  const application = data.myTutorApplication;
  const state = application.state;
  const draft = state === "JOIN" || state === "NOGOOD" || state === "NPASS";
  const subjectName = (id: number) =>
    subjects?.find((s) => s.TERM_TAXONOMY_ID === id)?.NAME ?? String(id);
  const reload = () => void refetch();
  const voiceFiles = application.files.filter(
    (f) => f.kind === "VOICE_ANSWER" && f.createdAt >= application.stateChangedAt,
  );

  return (
    <div className="tutor-workspace">
      <h1 className="tutor-workspace__title">선생님 지원</h1>
      <ApplicationStatus application={application} />

      {draft ? (
        <>
          <section className="app-panel app-panel--left">
            <ResumeForm key={application.id} application={application} subjects={subjects} />
            <EnrollmentProofUpload files={application.files} onUploaded={reload} />
          </section>
          <section className="app-panel app-panel--left" aria-labelledby="tutor-submit-title">
            <h2 id="tutor-submit-title">제출하기</h2>
            {application.submitProblems.length > 0 ? (
              <>
                <p>제출하려면 아래 항목을 채워 주세요.</p>
                <ul className="tutor-problems" data-testid="submit-problems">
                  {application.submitProblems.map((p) => (
                    <li key={p.field}>{p.message}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>모든 항목을 채웠어요. 제출하면 운영팀이 서류를 검토해요.</p>
            )}
            <button
              type="button"
              className="btn btn--primary btn--lg"
              disabled={submitState.loading}
              onClick={() =>
                void submit().then(
                  () =>
                    toast.success("지원서를 제출했어요. 검토 결과를 이 페이지에서 알려 드려요."),
                  (err: unknown) => toast.error(errorMessage(err)),
                )
              }
            >
              {submitState.loading ? "제출하는 중…" : "지원서 제출하기"}
            </button>
          </section>
        </>
      ) : null}

      {state === "DOCUMENTS_OK" ? (
        <section className="app-panel app-panel--left">
          <VoiceAnswer onUploaded={reload} />
          {voiceFiles.length > 0 ? (
            <>
              <ul className="tutor-files">
                <FileLine file={voiceFiles[0]!} />
              </ul>
              <button
                type="button"
                className="btn btn--primary btn--lg"
                disabled={voiceState.loading}
                onClick={() =>
                  void submitVoice().then(
                    () => toast.success("음성 답변을 제출했어요."),
                    (err: unknown) => toast.error(errorMessage(err)),
                  )
                }
              >
                {voiceState.loading ? "제출하는 중…" : "음성 답변 제출하기"}
              </button>
            </>
          ) : null}
        </section>
      ) : null}

      {state === "CONTRACT" ||
      (application.agreement?.signedAt && state !== "ACTIVE" && state !== "PAUSED") ? (
        <AgreementPanel application={application} />
      ) : null}

      {state === "ACTIVE" || state === "PAUSED" ? (
        <ProfilePanel application={application} subjectName={subjectName} subjects={subjects} />
      ) : null}
    </div>
  );
}

/**
 * 가르치는 과목과 시간 (after ACTIVE): subjects, weekly times and class types the tutor can teach
 * now; saved with updateTutorProfile (matching ranks by them).
 */
function TeachingEditor({
  application,
  subjects,
}: {
  application: TutorApplication;
  subjects: TaxonomyEntry[] | null;
}) {
  const id = useId();
  const r = application.resume;
  const [chosen, setChosen] = useState<number[]>(r.subjects);
  const [times, setTimes] = useState<WeeklyTimeBlock[]>(plainBlocks(r.availableTimes));
  const [classTypes, setClassTypes] = useState<string[]>(r.classTypes);
  const [update, { loading }] = useMutation(UPDATE_TUTOR_PROFILE, { context: WORKSPACE_CONTEXT });
  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return (
    <details className="tutor-group" data-testid="teaching-editor">
      <summary>가르치는 과목과 시간 바꾸기</summary>
      <p className="form-field__label" id={`${id}-subjects`}>
        과목
      </p>
      <div className="tutor-choices" role="group" aria-labelledby={`${id}-subjects`}>
        {(subjects ?? []).map((s) => (
          <label key={s.TERM_TAXONOMY_ID} className="checkbox-line">
            <input
              type="checkbox"
              checked={chosen.includes(s.TERM_TAXONOMY_ID)}
              onChange={() => setChosen(toggle(chosen, s.TERM_TAXONOMY_ID))}
            />
            <span>{s.NAME}</span>
          </label>
        ))}
      </div>
      <div className="tutor-choices" role="group" aria-label="수업 유형">
        {TUTOR_CLASS_TYPES.map((c) => (
          <label key={c} className="checkbox-line">
            <input
              type="checkbox"
              checked={classTypes.includes(c)}
              onChange={() => setClassTypes(toggle(classTypes, c))}
            />
            <span>{TUTOR_CLASS_TYPE_LABELS[c]}</span>
          </label>
        ))}
      </div>
      <WeeklyBlocksEditor legend="수업 가능한 시간" value={times} onChange={setTimes} />
      <button
        type="button"
        className="btn btn--primary"
        disabled={loading || chosen.length === 0 || times.length === 0 || classTypes.length === 0}
        onClick={() =>
          void update({
            variables: {
              input: { subjects: chosen, availableTimes: plainBlocks(times), classTypes },
            },
          }).then(
            () => toast.success("가르치는 과목과 시간을 저장했어요."),
            (err: unknown) => toast.error(errorMessage(err)),
          )
        }
      >
        저장하기
      </button>
    </details>
  );
}
