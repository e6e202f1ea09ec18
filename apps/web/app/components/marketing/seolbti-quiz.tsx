import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  SEOLBTI_QUESTIONS,
  seolbtiType,
  type SeolbtiAnswers,
  type SeolbtiType,
} from "../../content/seolbti";
import { ButtonLink } from "./button-link";

/**
 * The 설BTI quiz: six two-choice questions (radio groups), then the student's type. Unanswered
 * questions are named and the first one focused; the result's heading takes focus so screen
 * readers read it. Needs JavaScript; the four types are described on the page without it.
 */
export function SeolbtiQuiz() {
  const baseId = useId();
  const [answers, setAnswers] = useState<SeolbtiAnswers>({});
  const [result, setResult] = useState<SeolbtiType | null>(null);
  const [missing, setMissing] = useState<number[]>([]);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unanswered = SEOLBTI_QUESTIONS.flatMap((q, index) =>
      answers[q.id] === undefined ? [index + 1] : [],
    );
    setMissing(unanswered);
    if (unanswered.length > 0) {
      form.current
        ?.querySelector<HTMLInputElement>(`[name="${baseId}-q${unanswered[0]}"]`)
        ?.focus();
      return;
    }
    setResult(seolbtiType(answers));
  };
  const restart = () => {
    setAnswers({});
    setResult(null);
    setMissing([]);
    form.current?.querySelector<HTMLInputElement>("input")?.focus();
  };
  // Once a result is shown, its heading takes focus (read out, and scrolled into view).
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  return (
    <div className="quiz">
      <form ref={form} className="quiz__form" onSubmit={submit} noValidate>
        <ol className="quiz__questions">
          {SEOLBTI_QUESTIONS.map((q, index) => (
            <li key={q.id}>
              <fieldset
                className="quiz__question"
                aria-invalid={missing.includes(index + 1) || undefined}
              >
                <legend className="quiz__legend">
                  <span className="quiz__number">Q{index + 1}.</span> {q.question}
                </legend>
                <div className="quiz__options">
                  {q.options.map((option, choice) => (
                    <label key={option} className="quiz__option">
                      <input
                        type="radio"
                        name={`${baseId}-q${index + 1}`}
                        value={choice}
                        checked={answers[q.id] === choice}
                        onChange={() => {
                          setAnswers((prev) => ({ ...prev, [q.id]: choice as 0 | 1 }));
                          setMissing((prev) => prev.filter((n) => n !== index + 1));
                        }}
                      />
                      <span>{option}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="quiz__actions">
          <button type="submit" className="btn btn--primary btn--lg">
            결과 보기
          </button>
          <p className="quiz__error" role="alert">
            {missing.length > 0 ? `${missing.map((n) => `Q${n}`).join(", ")}에 답해 주세요.` : ""}
          </p>
        </div>
      </form>
      {result ? (
        <section className="quiz__result" aria-labelledby={`${baseId}-result`}>
          <p className="quiz__result-eyebrow">나의 설BTI</p>
          <h2
            id={`${baseId}-result`}
            ref={resultHeading}
            tabIndex={-1}
            className="quiz__result-title"
          >
            {result.name}
          </h2>
          <p className="quiz__result-summary">{result.summary}</p>
          <dl className="quiz__result-list">
            <div>
              <dt>강점</dt>
              <dd>{result.strength}</dd>
            </div>
            <div>
              <dt>주의할 점</dt>
              <dd>{result.watchOut}</dd>
            </div>
            <div>
              <dt>수업 팁</dt>
              <dd>{result.lessonTip}</dd>
            </div>
          </dl>
          <div className="quiz__result-actions">
            <ButtonLink to="/consultation">이 결과로 상담 신청하기</ButtonLink>
            <button type="button" className="btn btn--secondary" onClick={restart}>
              다시 하기
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
