import { useApolloClient, useMutation } from "@apollo/client/react";
import {
  HOW_HEARD,
  HOW_HEARD_LABELS,
  REQUEST_GRADES,
  TERM_SUBJECTS,
  TERM_SUBJECT_LABELS,
  TUTOR_PREFERENCE_LABELS,
  TUTOR_PREFERENCE_TYPES,
  WEAK_TYPES,
  WEAK_TYPE_LABELS,
  weeklyBlockProblems,
} from "@seoltab/domain";
import { useCallback, useId, useState } from "react";
import { toast } from "react-toastify";
import { WeeklyBlocksEditor, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { useAutosave } from "../../../lib/autosave";
import type { SubjectOption } from "../../../lib/taxonomy";
import {
  MATCHING_CONTEXT,
  SAVE_LESSON_REQUEST,
  fetchRequestFile,
  uploadRequestFile,
  SEARCH_SCHOOLS,
  SUBMIT_LESSON_REQUEST,
  type LessonRequest,
  type LessonRequestForm,
  type LessonRequestInput,
} from "../api";

/** Korean names of the grade codes of the form. */
export const REQUEST_GRADE_LABELS: Record<string, string> = {
  E1: "초1",
  E2: "초2",
  E3: "초3",
  E4: "초4",
  E5: "초5",
  E6: "초6",
  M1: "중1",
  M2: "중2",
  M3: "중3",
  H1: "고1",
  H2: "고2",
  H3: "고3",
};

export type { SubjectOption } from "../../../lib/taxonomy";

const AUTOSAVE_MS = 700;

function inputOf(lectureId: string, form: LessonRequestForm): LessonRequestInput {
  const schedules = plainBlocks(form.schedules.filter((b) => b.start && b.end));
  return {
    lectureId,
    schoolName: form.schoolName?.trim() || null,
    gradeCode: form.gradeCode || null,
    curriculum: form.curriculum || null,
    major: form.major || null,
    lectureSubjectId: form.lectureSubjectId,
    weakTypes: form.weakTypes,
    tutorPreferenceTypes: form.tutorPreferenceTypes,
    lessonStartType: form.lessonStartType,
    lessonStartDate: form.lessonStartType === "DATE" ? form.lessonStartDate || null : null,
    ...(weeklyBlockProblems(schedules).length === 0 ? { schedules } : {}),
    howHeard: form.howHeard || null,
    promotionType: form.promotionType,
    friendCode: form.friendCode?.trim() || null,
    hopeDepartment: form.hopeDepartment?.trim() || null,
    hopeMajor: form.hopeMajor?.trim() || null,
    hopeUniversity: form.hopeUniversity?.trim() || null,
    allGrades: form.allGrades.map(({ grade, terms }) => ({ grade, terms: [...terms] })),
    memo: form.memo?.trim() || null,
  };
}

/**
 * The lesson request form (SPEC.md §3 "Lesson request"): every field with its default (start
 * FAST, promotion none-event, every term number -1), saved as a draft AUTOSAVE_MS after each
 * change so it survives a reload; a parent fills it for their child. Submitting sends it to the
 * staff manager who looks for a tutor.
 */
export function LessonRequestFormPanel({
  request,
  subjects,
  onSubmitted,
  onFilesChanged,
}: {
  request: LessonRequest;
  subjects: SubjectOption[];
  onSubmitted: () => void;
  /** After an attachment is uploaded (the page reads the form's files again). */
  onFilesChanged?: () => void;
}) {
  const id = useId();
  const client = useApolloClient();
  const [form, setForm] = useState<LessonRequestForm>(request.form);
  const [problems, setProblems] = useState(request.submitProblems);
  const [schools, setSchools] = useState<{ name: string; region: string }[]>([]);
  const [save] = useMutation(SAVE_LESSON_REQUEST, { context: MATCHING_CONTEXT });
  const [submit, submitting] = useMutation(SUBMIT_LESSON_REQUEST, { context: MATCHING_CONTEXT });
  const send = useCallback(
    async (body: string) => {
      const result = await save({
        variables: { input: JSON.parse(body) as ReturnType<typeof inputOf> },
      });
      setProblems(result.data?.saveLessonRequest.submitProblems ?? []);
    },
    [save],
  );
  const autosave = useAutosave(JSON.stringify(inputOf(request.lectureId, form)), send, {
    delayMs: AUTOSAVE_MS,
    errorMessage,
  });
  const saveState =
    autosave.kind === "saving"
      ? "저장하는 중…"
      : autosave.kind === "saved"
        ? "자동 저장됨"
        : autosave.kind === "failed"
          ? `저장하지 못했어요: ${autosave.message}`
          : "입력하면 자동으로 저장돼요.";

  const set = <K extends keyof LessonRequestForm>(key: K, value: LessonRequestForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const toggle = (key: "weakTypes" | "tutorPreferenceTypes", value: string) =>
    setForm((f) => ({
      ...f,
      [key]: f[key].includes(value) ? f[key].filter((v) => v !== value) : [...f[key], value],
    }));

  const findSchools = (query: string) => {
    set("schoolName", query);
    if (query.trim().length < 1) return setSchools([]);
    client
      .query({
        query: SEARCH_SCHOOLS,
        variables: { query },
        context: MATCHING_CONTEXT,
        fetchPolicy: "cache-first",
      })
      .then(
        (result) => setSchools(result.data?.searchSchools ?? []),
        () => setSchools([]),
      );
  };

  return (
    <form
      className="request-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const input = inputOf(request.lectureId, form);
        save({ variables: { input } })
          .then(() => submit({ variables: { lectureId: request.lectureId } }))
          .then(
            () => {
              toast.success("수업 신청서를 보냈어요. 선생님을 찾기 시작할게요.");
              onSubmitted();
            },
            (error: unknown) => toast.error(errorMessage(error)),
          );
      }}
    >
      <div className="tutor-resume__head">
        <h2 id={`${id}-title`}>수업 신청서</h2>
        <p className="tutor-save" role="status" aria-live="polite" data-testid="request-save-state">
          {saveState}
        </p>
      </div>

      <fieldset className="tutor-group">
        <legend>학교와 학년</legend>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-school`}>
            학교
          </label>
          <input
            id={`${id}-school`}
            className="form-input"
            value={form.schoolName ?? ""}
            maxLength={60}
            autoComplete="off"
            placeholder="학교 이름으로 찾기 (예: 휘문)"
            onChange={(e) => findSchools(e.target.value)}
          />
          {schools.length > 0 ? (
            <ul className="request-schools" aria-label="찾은 학교">
              {schools.map((s) => (
                <li key={s.name}>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => {
                      set("schoolName", s.name);
                      setSchools([]);
                    }}
                  >
                    {s.name} <span className="form-field__hint">{s.region}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-grade`}>
            학년
          </label>
          <select
            id={`${id}-grade`}
            className="form-input"
            value={form.gradeCode ?? ""}
            onChange={(e) => set("gradeCode", e.target.value || null)}
          >
            <option value="">고르기</option>
            {REQUEST_GRADES.map((g) => (
              <option key={g} value={g}>
                {REQUEST_GRADE_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-curriculum`}>
            교육과정
          </label>
          <select
            id={`${id}-curriculum`}
            className="form-input"
            value={form.curriculum ?? ""}
            onChange={(e) => set("curriculum", e.target.value || null)}
          >
            <option value="">고르기</option>
            <option value="2015 개정">2015 개정</option>
            <option value="2022 개정">2022 개정</option>
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-major`}>
            계열
          </label>
          <select
            id={`${id}-major`}
            className="form-input"
            value={form.major ?? ""}
            onChange={(e) => set("major", e.target.value || null)}
          >
            <option value="">고르기</option>
            <option value="문과">문과</option>
            <option value="이과">이과</option>
            <option value="예체능">예체능</option>
            <option value="미정">아직 정하지 않았어요</option>
          </select>
        </div>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>수업</legend>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-subject`}>
            수업 과목
          </label>
          <select
            id={`${id}-subject`}
            className="form-input"
            value={form.lectureSubjectId ?? ""}
            onChange={(e) =>
              set("lectureSubjectId", e.target.value ? Number(e.target.value) : null)
            }
          >
            <option value="">고르기</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <p className="form-field__label">어려워하는 부분</p>
        <div className="tutor-choices">
          {WEAK_TYPES.map((w) => (
            <label key={w} className="checkbox-line">
              <input
                type="checkbox"
                checked={form.weakTypes.includes(w)}
                onChange={() => toggle("weakTypes", w)}
              />
              <span>{WEAK_TYPE_LABELS[w]}</span>
            </label>
          ))}
        </div>
        <p className="form-field__label">원하는 선생님</p>
        <div className="tutor-choices">
          {TUTOR_PREFERENCE_TYPES.map((p) => (
            <label key={p} className="checkbox-line">
              <input
                type="checkbox"
                checked={form.tutorPreferenceTypes.includes(p)}
                onChange={() => toggle("tutorPreferenceTypes", p)}
              />
              <span>{TUTOR_PREFERENCE_LABELS[p]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="tutor-group">
        <legend>시작과 시간</legend>
        <div className="tutor-choices" role="radiogroup" aria-label="수업 시작">
          <label className="checkbox-line">
            <input
              type="radio"
              name={`${id}-start`}
              checked={form.lessonStartType === "FAST"}
              onChange={() => set("lessonStartType", "FAST")}
            />
            <span>선생님이 정해지는 대로 바로</span>
          </label>
          <label className="checkbox-line">
            <input
              type="radio"
              name={`${id}-start`}
              checked={form.lessonStartType === "DATE"}
              onChange={() => set("lessonStartType", "DATE")}
            />
            <span>날짜를 정해서</span>
          </label>
        </div>
        {form.lessonStartType === "DATE" ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-date`}>
              시작 날짜
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="form-input"
              value={form.lessonStartDate ?? ""}
              onChange={(e) => set("lessonStartDate", e.target.value || null)}
            />
          </div>
        ) : null}
      </fieldset>

      <WeeklyBlocksEditor
        legend="수업 가능한 시간"
        value={plainBlocks(form.schedules)}
        onChange={(next) => set("schedules", next)}
      />

      <fieldset className="tutor-group">
        <legend>희망 진로 (선택)</legend>
        {(
          [
            ["hopeUniversity", "희망 대학"],
            ["hopeDepartment", "희망 계열"],
            ["hopeMajor", "희망 전공"],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="form-field">
            <label className="form-field__label" htmlFor={`${id}-${key}`}>
              {label}
            </label>
            <input
              id={`${id}-${key}`}
              className="form-input"
              maxLength={60}
              value={form[key] ?? ""}
              onChange={(e) => set(key, e.target.value)}
            />
          </div>
        ))}
      </fieldset>

      <details className="tutor-group request-grades">
        <summary>학년별 성적 (선택)</summary>
        <p className="form-field__hint">
          내신 등급(1~9)을 아는 학년만 적어 주세요. 비워 두면 모름이에요.
        </p>
        <div className="request-grades__table" role="table" aria-label="학년별 성적">
          <div role="row" className="request-grades__row">
            <span role="columnheader">학년</span>
            {TERM_SUBJECTS.map((s) => (
              <span key={s} role="columnheader">
                {TERM_SUBJECT_LABELS[s]}
              </span>
            ))}
          </div>
          {form.allGrades.map((g, gi) => (
            <div role="row" key={g.grade} className="request-grades__row">
              <span role="rowheader">{REQUEST_GRADE_LABELS[g.grade] ?? g.grade}</span>
              {TERM_SUBJECTS.map((s, si) => (
                <span role="cell" key={s}>
                  <input
                    className="form-input"
                    inputMode="numeric"
                    maxLength={1}
                    aria-label={`${REQUEST_GRADE_LABELS[g.grade]} ${TERM_SUBJECT_LABELS[s]} 등급`}
                    value={g.terms[si] === -1 ? "" : String(g.terms[si])}
                    onChange={(e) => {
                      const n = /^[1-9]$/.test(e.target.value) ? Number(e.target.value) : -1;
                      setForm((f) => ({
                        ...f,
                        allGrades: f.allGrades.map((x, xi) =>
                          xi === gi
                            ? { ...x, terms: x.terms.map((t, ti) => (ti === si ? n : t)) }
                            : x,
                        ),
                      }));
                    }}
                  />
                </span>
              ))}
            </div>
          ))}
        </div>
      </details>

      <fieldset className="tutor-group">
        <legend>그 밖에</legend>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-heard`}>
            설탭을 알게 된 곳
          </label>
          <select
            id={`${id}-heard`}
            className="form-input"
            value={form.howHeard ?? ""}
            onChange={(e) => set("howHeard", e.target.value || null)}
          >
            <option value="">고르기</option>
            {HOW_HEARD.map((h) => (
              <option key={h} value={h}>
                {HOW_HEARD_LABELS[h]}
              </option>
            ))}
          </select>
        </div>
        <div className="tutor-choices" role="radiogroup" aria-label="프로모션">
          {(
            [
              ["none-event", "해당 없음"],
              ["friend", "친구 추천"],
              ["event", "이벤트"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="checkbox-line">
              <input
                type="radio"
                name={`${id}-promotion`}
                checked={form.promotionType === value}
                onChange={() => set("promotionType", value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {form.promotionType === "friend" ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-friend`}>
              추천한 친구 코드
            </label>
            <input
              id={`${id}-friend`}
              className="form-input"
              maxLength={30}
              value={form.friendCode ?? ""}
              onChange={(e) => set("friendCode", e.target.value)}
            />
          </div>
        ) : null}
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-memo`}>
            선생님께 전할 말 (선택)
          </label>
          <textarea
            id={`${id}-memo`}
            className="form-input"
            rows={3}
            maxLength={1000}
            value={form.memo ?? ""}
            onChange={(e) => set("memo", e.target.value)}
          />
        </div>
      </fieldset>

      <Attachments request={request} onChanged={onFilesChanged} />

      {problems.length > 0 ? (
        <ul className="tutor-problems" data-testid="request-problems">
          {problems.map((p) => (
            <li key={`${p.field}-${p.message}`}>{p.message}</li>
          ))}
        </ul>
      ) : null}
      <button type="submit" className="btn btn--primary btn--lg" disabled={submitting.loading}>
        {submitting.loading ? "보내는 중…" : "신청서 보내기"}
      </button>
    </form>
  );
}

const FILE_KINDS = [
  { kind: "SCHOOL_RECORD", label: "학교생활기록부" },
  { kind: "GRADE_CARD", label: "성적표" },
] as const;

/** 첨부 (선택): the school record and grade card, PDF/JPG/PNG up to 10 MB, checked by the server. */
function Attachments({ request, onChanged }: { request: LessonRequest; onChanged?: () => void }) {
  const id = useId();
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (kind: "SCHOOL_RECORD" | "GRADE_CARD", file: File | undefined) => {
    if (!file) return;
    if (file.size > 10 * 1024 * 1024) {
      setMessage({ tone: "error", text: "파일은 10MB까지 올릴 수 있어요." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await uploadRequestFile(request.lectureId, kind, file);
      setMessage({ tone: "info", text: "파일을 올렸어요." });
      onChanged?.();
    } catch (error) {
      setMessage({ tone: "error", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="tutor-group">
      <legend>첨부 (선택)</legend>
      <p className="form-field__hint">
        학교생활기록부나 성적표가 있으면 올려 주세요 (PDF, JPG, PNG · 10MB까지). 담당 매니저와
        선생님만 봐요.
      </p>
      {request.files.length > 0 ? (
        <ul className="lesson-rows">
          {request.files.map((f) => (
            <li key={f.id} className="lesson-row">
              <span>
                {FILE_KINDS.find((k) => k.kind === f.kind)?.label ?? f.kind} ·{" "}
                {Math.max(1, Math.round(f.sizeBytes / 1024))}KB
              </span>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() =>
                  void fetchRequestFile(f.url).then(
                    (blob) => window.open(URL.createObjectURL(blob), "_blank", "noopener"),
                    (error: unknown) => setMessage({ tone: "error", text: errorMessage(error) }),
                  )
                }
              >
                보기
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tutor-choices">
        {FILE_KINDS.map(({ kind, label }) => (
          <span key={kind}>
            <label
              className="btn btn--secondary"
              htmlFor={`${id}-${kind}`}
              aria-busy={busy || undefined}
            >
              {label} 올리기
            </label>
            <input
              id={`${id}-${kind}`}
              type="file"
              className="visually-hidden"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              disabled={busy}
              data-testid={`request-file-${kind}`}
              onChange={(e) => {
                void choose(kind, e.currentTarget.files?.[0]);
                e.currentTarget.value = "";
              }}
            />
          </span>
        ))}
      </div>
      {message ? (
        <p
          className={`form-alert form-alert--${message.tone}`}
          role={message.tone === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
