import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PARTICLES, finalSound, particle, withParticle, type Particle } from "./korean.ts";

/** A precomposed Hangul syllable with jongseong index `final` (0 = none, 8 = ㄹ). */
const syllable = (initial: number, medial: number, final: number) =>
  String.fromCodePoint(0xac00 + (initial * 21 + medial) * 28 + final);

const arbSyllable = fc
  .tuple(
    fc.integer({ min: 0, max: 18 }),
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 0, max: 27 }),
  )
  .map(([i, m, f]) => ({ text: syllable(i, m, f), final: f }));
const arbHangulWord = fc
  .array(arbSyllable, { minLength: 1, maxLength: 6 })
  .map((s) => ({ text: s.map((x) => x.text).join(""), final: s.at(-1)!.final }));

describe("particle: Hangul syllables (받침)", () => {
  it.each<[string, Particle, string]>([
    // the sentences of issue #11
    ["결제 결과", "은/는", "결제 결과는"],
    ["계약서", "은/는", "계약서는"],
    ["‘연락 완료’", "으로/로", "‘연락 완료’로"],
    ["결제 카드", "은/는", "결제 카드는"],
    ["내 정보", "은/는", "내 정보는"],
    ["결제 내역", "은/는", "결제 내역은"],
    ["결제 화면", "은/는", "결제 화면은"],
    ["환불 요청", "은/는", "환불 요청은"],
    ["수업", "이/가", "수업이"],
    ["태블릿", "을/를", "태블릿을"],
    ["교재", "을/를", "교재를"],
    ["책", "과/와", "책과"],
    ["학생", "과/와", "학생과"],
    ["연필", "과/와", "연필과"],
    ["서울", "으로/로", "서울로"], // ㄹ takes 로
    ["부산", "으로/로", "부산으로"],
    ["학교", "으로/로", "학교로"],
    ["‘상담 중’", "으로/로", "‘상담 중’으로"],
    ["‘취소’", "으로/로", "‘취소’로"],
    ["연락 완료", "이에요/예요", "연락 완료예요"],
    ["계약서", "이에요/예요", "계약서예요"],
    ["결제 내역", "이에요/예요", "결제 내역이에요"],
    ["선생님", "이라/라", "선생님이라"],
    ["카드", "이나/나", "카드나"],
  ])("%s + %s = %s", (word, which, expected) => {
    expect(withParticle(word, which)).toBe(expected);
  });

  it("any Hangul word: the last syllable's jongseong decides; ㄹ and none take 로", () => {
    fc.assert(
      fc.property(arbHangulWord, fc.constantFrom(...PARTICLES), ({ text, final }, which) => {
        const [withFinal, withoutFinal] = which.split("/");
        const expected =
          which === "으로/로"
            ? final === 0 || final === 8
              ? "로"
              : "으로"
            : final === 0
              ? withoutFinal
              : withFinal;
        expect(particle(text, which)).toBe(expected);
      }),
    );
  });
});

describe("particle: digits read in Korean", () => {
  it.each<[string, Particle, string]>([
    ["0", "이/가", "이"], // 영
    ["1", "이/가", "이"], // 일
    ["1", "으로/로", "로"], // 일: ㄹ
    ["2", "이/가", "가"], // 이
    ["3", "을/를", "을"], // 삼
    ["3", "으로/로", "으로"],
    ["4", "은/는", "는"], // 사
    ["5", "과/와", "와"], // 오
    ["6", "과/와", "과"], // 육
    ["7", "으로/로", "로"], // 칠
    ["8", "이/가", "이"], // 팔
    ["9", "이/가", "가"], // 구
    ["10", "이/가", "이"], // 십
    ["20", "으로/로", "으로"], // 이십
    ["100", "을/를", "을"], // 백
    ["1,000", "이/가", "이"], // 천
    ["10000", "이/가", "이"], // 만
    ["3000000", "이/가", "이"], // 삼백만
    ["100000000", "이/가", "이"], // 억
    ["1000000000000", "이/가", "가"], // 조
    ["12", "이/가", "가"], // 십이
    ["1.5", "이/가", "가"], // 일 점 오
    ["2.0", "이/가", "이"], // 이 점 영
    ["2/3", "과/와", "와"], // 삼분의 이
    ["1/2", "과/와", "과"], // 이분의 일
    ["5%", "이/가", "가"], // 오 퍼센트
    ["010-****-1234", "으로/로", "로"], // …사
    ["010-****-5678", "으로/로", "로"], // …팔
    ["010-****-0003", "으로/로", "으로"], // …삼
    ["3개월", "이/가", "이"],
    ["189,000원", "을/를", "을"],
  ])("%s + %s → %s", (word, which, expected) => {
    expect(particle(word, which)).toBe(expected);
  });

  it("a whole number not ending in 0 reads its last digit", () => {
    const finals = [
      "CONSONANT",
      "RIEUL",
      "NONE",
      "CONSONANT",
      "NONE",
      "NONE",
      "CONSONANT",
      "RIEUL",
      "RIEUL",
      "NONE",
    ];
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), fc.integer({ min: 1, max: 9 }), (n, last) => {
        expect(finalSound(`${n}${last}`)).toBe(finals[last]);
      }),
    );
  });
});

describe("particle: Latin letters by their Korean names", () => {
  it.each<[string, Particle, string]>([
    ["SMS", "으로/로", "로"], // 에스
    ["KB", "이/가", "가"], // 비
    ["CRM", "이/가", "이"], // 엠
    ["URL", "으로/로", "로"], // 엘
    ["URL", "을/를", "을"],
    ["PIN", "을/를", "을"], // 엔
    ["iPad", "을/를", "를"], // 디
    ["Wi-Fi", "이/가", "가"], // 아이
    ["paymentItemIds", "이/가", "가"], // 에스
  ])("%s + %s → %s", (word, which, expected) => {
    expect(particle(word, which)).toBe(expected);
  });
});

describe("particle: quotes, parentheses and spaces are looked through", () => {
  it.each<[string, Particle, string]>([
    ["'결과'", "은/는", "는"],
    ['"수업"', "이/가", "이"],
    ["「계약서」", "을/를", "를"],
    ["태블릿(iPad)", "을/를", "을"], // the word before the gloss decides
    ["iPad 9세대(실버)", "이/가", "가"],
    ["(주)설탭", "이/가", "이"],
    ["(주)", "이/가", "가"], // nothing before: read inside
    ["키(field)", "이/가", "가"],
    ["계약서  ", "은/는", "는"],
  ])("%s + %s → %s", (word, which, expected) => {
    expect(particle(word, which)).toBe(expected);
  });

  it("wrapping a word in closing quotes, or adding a gloss in parentheses, changes nothing", () => {
    fc.assert(
      fc.property(
        arbHangulWord,
        fc.constantFrom(...PARTICLES),
        fc.constantFrom(["‘", "’"], ["“", "”"], ["'", "'"], ['"', '"'], ["「", "」"], ["[", "]"]),
        fc.string({ maxLength: 8 }).filter((s) => !/[()]/.test(s)),
        ({ text }, which, [open, close], gloss) => {
          const plain = particle(text, which);
          expect(particle(`${open}${text}${close}`, which)).toBe(plain);
          expect(particle(`${text}(${gloss})`, which)).toBe(plain);
        },
      ),
    );
  });
});

describe("particle: words whose end cannot be read", () => {
  it.each<[string, Particle, string]>([
    ["", "이/가", "이(가)"],
    ["   ", "은/는", "은(는)"],
    ["🙂", "으로/로", "(으)로"],
    ["—", "이에요/예요", "이에요(예요)"],
  ])("%j + %s → %s", (word, which, expected) => {
    expect(particle(word, which)).toBe(expected);
    expect(finalSound(word)).toBeNull();
  });

  it("is total: any string gives one of the forms and never throws", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 12 }),
        fc.constantFrom(...PARTICLES),
        (word, which) => {
          const [a, b] = which.split("/");
          const forms = which === "으로/로" ? ["으로", "로", "(으)로"] : [a, b, `${a}(${b})`];
          expect(forms).toContain(particle(word, which));
        },
      ),
    );
  });
});
