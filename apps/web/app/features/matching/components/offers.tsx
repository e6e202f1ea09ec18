import { useMutation, useQuery } from "@apollo/client/react";
import {
  TUTOR_CLASS_TYPE_LABELS,
  type TutorClassType,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { blocksText, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { useSubjectOptions } from "../../../lib/taxonomy";
import { CHOOSE_TUTOR, MATCHING_CONTEXT, MATCHING_OFFERS, type MatchingOffers } from "../api";

/** The steps a parent follows (issue #13: form received → looking → n accepted → matched). */
const STEPS: { stage: MatchingOffers["stage"]; label: string }[] = [
  { stage: "FORM_NEEDED", label: "신청서 작성" },
  { stage: "LOOKING", label: "선생님 찾는 중" },
  { stage: "ACCEPTED", label: "선생님 고르기" },
  { stage: "MATCHED", label: "매칭 완료" },
];

/**
 * Where the search for a tutor stands, in the parent's words, and up to 3 tutors who accepted:
 * their card (masked name, university, major, subjects, class types, bio), why they were
 * suggested, and the weekly slots they can teach. Choosing one: tick the slots that become the
 * weekly plan, then 이 선생님으로 정하기.
 */
export function OffersPanel({
  lectureId,
  subjectName: givenName,
  onMatched,
}: {
  lectureId: string;
  /** Subject names for the cards; default: the taxonomy's. */
  subjectName?: (id: number) => string;
  onMatched: () => void;
}) {
  const subjects = useSubjectOptions();
  const subjectName =
    givenName ?? ((id: number) => subjects.find((s) => s.id === id)?.name ?? String(id));
  const { data, error, refetch } = useQuery(MATCHING_OFFERS, {
    context: MATCHING_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
  });
  if (error) {
    return (
      <section className="app-panel app-panel--left" role="alert">
        <p>{errorMessage(error)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
          다시 시도
        </button>
      </section>
    );
  }
  if (!data) return null;
  const { stage, text, offers } = data.matchingOffers;
  const current = STEPS.findIndex((s) => s.stage === stage);
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="offers-title"
      data-testid="matching-progress"
    >
      <h2 id="offers-title">선생님 매칭</h2>
      <ol className="tutor-steps" aria-label="매칭 단계">
        {STEPS.map((step, index) => (
          <li
            key={step.stage}
            className={`tutor-steps__step${index < current ? " is-done" : ""}${index === current ? " is-current" : ""}`}
            aria-current={index === current ? "step" : undefined}
          >
            {step.label}
          </li>
        ))}
      </ol>
      <p className="tutor-status__next" data-testid="matching-text">
        {text}
      </p>
      {offers.length > 0 ? (
        <ul className="offer-list">
          {offers.map((offer) => (
            <li key={offer.id}>
              <Offer offer={offer} subjectName={subjectName} onMatched={onMatched} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Offer({
  offer,
  subjectName,
  onMatched,
}: {
  offer: MatchingOffers["offers"][number];
  subjectName: (id: number) => string;
  onMatched: () => void;
}) {
  const id = useId();
  const [plan, setPlan] = useState<WeeklyTimeBlock[]>(() => plainBlocks(offer.slots));
  const [choose, { loading }] = useMutation(CHOOSE_TUTOR, {
    context: MATCHING_CONTEXT,
    // The search is over: the panel and the lecture lists read again.
    refetchQueries: ["MatchingOffers", "MyLectures"],
  });
  const key = (b: WeeklyTimeBlock) => `${b.day}-${b.start}-${b.end}`;
  const card = offer.tutor;
  return (
    <article className="tutor-card offer" aria-labelledby={`${id}-name`} data-testid="offer">
      <h3 id={`${id}-name`} className="tutor-card__name">
        {card.maskedName} 선생님
      </h3>
      <p>
        {card.university} {card.major}
      </p>
      <p>{card.subjects.map(subjectName).join(", ")}</p>
      <p>
        {card.classTypes.map((c) => TUTOR_CLASS_TYPE_LABELS[c as TutorClassType] ?? c).join(" · ")}
      </p>
      {card.bio ? <p className="tutor-card__bio">{card.bio}</p> : null}
      <h4>이 선생님을 추천한 이유</h4>
      <ul className="offer__reasons">
        {offer.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <fieldset className="offer__slots">
        <legend>수업할 시간 (선생님이 가능한 시간)</legend>
        {plainBlocks(offer.slots).map((slot) => (
          <label key={key(slot)} className="checkbox-line">
            <input
              type="checkbox"
              checked={plan.some((p) => key(p) === key(slot))}
              onChange={(e) =>
                setPlan(
                  e.target.checked ? [...plan, slot] : plan.filter((p) => key(p) !== key(slot)),
                )
              }
            />
            <span>{blocksText([slot])}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn--primary btn--lg"
        disabled={loading || plan.length === 0}
        onClick={() =>
          void choose({ variables: { offerId: offer.id, weeklyPlan: plainBlocks(plan) } }).then(
            () => {
              toast.success(`${card.maskedName} 선생님으로 정했어요.`);
              onMatched();
            },
            (err: unknown) => toast.error(errorMessage(err)),
          )
        }
      >
        {loading ? "정하는 중…" : "이 선생님으로 정하기"}
      </button>
    </article>
  );
}
