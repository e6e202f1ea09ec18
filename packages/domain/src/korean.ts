/**
 * Korean particles (조사) after a word that is only known at run time: 은/는, 이/가, 을/를,
 * 과/와, (으)로, 이에요/예요, (이)라, (이)나. The form is chosen by how the word ENDS when read
 * aloud (issue #11 item 12; docs/decisions/016-refund-copy-and-korean-particles.md):
 *
 * - a Hangul syllable: its final consonant (받침, jongseong). 은/이/을/과/이에요 after one,
 *   는/가/를/와/예요 after none; (으)로: 로 after none AND after ㄹ ("서울로"), else 으로.
 * - digits, read as a Korean number: "3" 삼 (ㅁ), "4" 사 (none), "10" 십, "100" 백, "1,000" 천,
 *   "10000" 만, 억, 조, 경; "1.5" reads the last digit (오); "2/3" is read 삼분의 이, so the
 *   numerator decides (이). "%" is 퍼센트 (none).
 * - Latin letters, by the Korean name of the last letter, as codes and abbreviations are read
 *   ("SMS" 에스, "KB" 비, "CRM" 엠, "iPad" 디, "URL" 엘): only L, R (ㄹ), M and N have a final
 *   consonant. English words read as words ("PortOne" 포트원) may differ: write those in Hangul.
 * - closing quotes and brackets are looked through ("‘연락 완료’" reads 료); a trailing
 *   parenthesis is skipped as a whole and the word before it decides ("태블릿(iPad)" reads 릿),
 *   as 국립국어원 advises for a gloss in parentheses; trailing spaces are ignored.
 * - anything else (empty, emoji, other scripts): both forms, "이(가)", so nothing false is said.
 *
 * Pure and total: never throws.
 */

/** How a word ends when read: no final consonant, ㄹ, another final consonant, or unknown. */
export type FinalSound = "NONE" | "RIEUL" | "CONSONANT";

/** The particles this module chooses, written as "after a consonant/after none". */
export const PARTICLES = [
  "은/는",
  "이/가",
  "을/를",
  "과/와",
  "으로/로",
  "이에요/예요",
  "이라/라",
  "이나/나",
] as const;
export type Particle = (typeof PARTICLES)[number];

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Jongseong index of ㄹ in a precomposed syllable ((code − 0xAC00) % 28). */
const RIEUL_INDEX = 8;

/** Final sound of each digit read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_FINAL: readonly FinalSound[] = [
  "CONSONANT", // 영
  "RIEUL", // 일
  "NONE", // 이
  "CONSONANT", // 삼
  "NONE", // 사
  "NONE", // 오
  "CONSONANT", // 육
  "RIEUL", // 칠
  "RIEUL", // 팔
  "NONE", // 구
];

/**
 * Final sound of a whole number ending in `zeros` zeros: the unit read last, 십 (1), 백 (2),
 * 천 (3), 만 (4–7: 만, 십만, 백만, 천만), 억 (8–11), 조 (12–15), 경 (16–19).
 */
function unitFinal(zeros: number): FinalSound {
  if (zeros >= 12 && zeros < 16) return "NONE"; // 조
  return "CONSONANT"; // 십 백 천 만 억 경 (and beyond, read as 경… here)
}

/** Korean letter names of A–Z end in a consonant only for L, R (엘, 알: ㄹ), M, N (엠, 엔). */
function latinFinal(letter: string): FinalSound {
  const upper = letter.toUpperCase();
  if (upper === "L" || upper === "R") return "RIEUL";
  if (upper === "M" || upper === "N") return "CONSONANT";
  return "NONE";
}

const CLOSING_QUOTES = new Set(["'", '"', "’", "”", "」", "』", "〉", "》", "]", "】", "〕"]);
const BRACKET_PAIRS: Readonly<Record<string, string>> = { ")": "(", "）": "（" };

function isDigit(ch: string): boolean {
  return ch >= "0" && ch <= "9";
}

/** The final sound of the number whose last digit is at `end` (exclusive) in `chars`. */
function numberFinal(chars: readonly string[], end: number): FinalSound {
  let start = end;
  while (start > 0 && (isDigit(chars[start - 1]!) || chars[start - 1] === ",")) start -= 1;
  const run = chars.slice(start, end).join("").replace(/,/g, "");
  const before = start > 0 ? chars[start - 1] : undefined;
  // A fraction "2/3" is read 삼분의 이: the numerator comes last.
  if (before === "/" && start >= 2 && isDigit(chars[start - 2]!)) {
    return numberFinal(chars, start - 1);
  }
  // Digits after a decimal point are read one by one (1.05 일 점 영오).
  if (before === "." && start >= 2 && isDigit(chars[start - 2]!)) {
    return DIGIT_FINAL[Number(run.at(-1))]!;
  }
  const trimmed = run.replace(/^0+(?=\d)/, "");
  if (/^0+$/.test(trimmed)) return DIGIT_FINAL[0]!; // 영
  const zeros = trimmed.length - trimmed.replace(/0+$/, "").length;
  return zeros === 0 ? DIGIT_FINAL[Number(trimmed.at(-1))]! : unitFinal(zeros);
}

/**
 * How `word` ends when read aloud (see the module note), or null when it cannot be told.
 * Examples: "결과" NONE, "계약서" NONE, "연락 완료" NONE, "서울" RIEUL, "수업" CONSONANT,
 * "3" CONSONANT, "4" NONE, "1" RIEUL, "SMS" NONE, "‘완료’" NONE, "" null.
 */
export function finalSound(word: string): FinalSound | null {
  const chars = [...word];
  let end = chars.length;
  while (end > 0) {
    const ch = chars[end - 1]!;
    if (/\s/u.test(ch) || CLOSING_QUOTES.has(ch)) {
      end -= 1;
      continue;
    }
    const open = BRACKET_PAIRS[ch];
    if (open) {
      // Skip the parenthesised gloss when a word stands before it; else read inside it.
      const at = chars.lastIndexOf(open, end - 2);
      const before = at > 0 ? finalSound(chars.slice(0, at).join("")) : null;
      if (before !== null) return before;
      end -= 1;
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
      const index = (code - HANGUL_FIRST) % 28;
      return index === 0 ? "NONE" : index === RIEUL_INDEX ? "RIEUL" : "CONSONANT";
    }
    if (isDigit(ch)) return numberFinal(chars, end);
    if (/^[A-Za-z]$/.test(ch)) return latinFinal(ch);
    if (ch === "%") return "NONE"; // 퍼센트
    return null;
  }
  return null;
}

/**
 * The particle form that follows `word`: e.g. particle("계약서", "은/는") = "는",
 * particle("‘연락 완료’", "으로/로") = "로", particle("서울", "으로/로") = "로",
 * particle("3", "이/가") = "이". When the end of the word cannot be read, both forms:
 * "은(는)", "(으)로", "이에요(예요)".
 */
export function particle(word: string, which: Particle): string {
  const [withFinal, withoutFinal] = which.split("/") as [string, string];
  const sound = finalSound(word);
  if (sound === null) {
    return which === "으로/로" ? "(으)로" : `${withFinal}(${withoutFinal})`;
  }
  if (which === "으로/로") return sound === "CONSONANT" ? withFinal : withoutFinal;
  return sound === "NONE" ? withoutFinal : withFinal;
}

/** `word` followed by its particle: withParticle("결제 결과", "은/는") = "결제 결과는". */
export function withParticle(word: string, which: Particle): string {
  return `${word}${particle(word, which)}`;
}
