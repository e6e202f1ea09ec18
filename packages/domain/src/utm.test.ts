import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UTM_KEYS } from "./constants.ts";
import { appendUtm, mergeFirstUtm, pickUtm, type UtmValues } from "./utm.ts";

describe("pickUtm (SPEC.md §2)", () => {
  it.each<[string, UtmValues]>([
    ["", {}],
    ["?", {}],
    ["?utm_source=naver&utm_medium=cpc", { utm_source: "naver", utm_medium: "cpc" }],
    ["utm_campaign=winter", { utm_campaign: "winter" }],
    ["?utm_source=&utm_term=math&x=1", { utm_term: "math" }],
    ["?utm_source", {}],
    ["?utm_source=a&utm_source=b", { utm_source: "a" }],
    ["?utm_content=%EC%88%98%ED%95%99+%EA%B3%BC%EC%99%B8", { utm_content: "수학 과외" }],
    ["?utm_content=100%", { utm_content: "100%" }],
    ["?UTM_SOURCE=x", {}],
    ["/smart?utm_source=kakao#top", { utm_source: "kakao" }],
    ["https://seoltab.test/?utm_medium=sns&ref=1#utm_term=no", { utm_medium: "sns" }],
    [
      "?utm_campaign=c&utm_content=co&utm_medium=m&utm_source=s&utm_term=t&gclid=g",
      { utm_campaign: "c", utm_content: "co", utm_medium: "m", utm_source: "s", utm_term: "t" },
    ],
  ])("%j → %j", (search, expected) => {
    expect(pickUtm(search)).toEqual(expected);
  });

  it("reads a URLSearchParams-like object", () => {
    const params = new Map([
      ["utm_source", "naver"],
      ["utm_term", ""],
    ]);
    expect(pickUtm({ get: (name) => params.get(name) ?? null })).toEqual({ utm_source: "naver" });
  });
});

describe("mergeFirstUtm: first capture of the session wins", () => {
  const stored: UtmValues = { utm_source: "naver" };

  it("keeps stored values as they are", () => {
    expect(mergeFirstUtm(stored, { utm_source: "kakao", utm_medium: "cpc" })).toBe(stored);
  });

  it.each<[string, UtmValues | null | undefined]>([
    ["nothing stored", undefined],
    ["null stored", null],
    ["empty object stored", {}],
    ["only empty values stored", { utm_source: "" }],
  ])("takes the incoming values when %s", (_name, before) => {
    expect(mergeFirstUtm(before, { utm_source: "kakao", utm_term: "" })).toEqual({
      utm_source: "kakao",
    });
  });
});

describe("appendUtm (SPEC.md §1 floating button)", () => {
  it.each<[string, UtmValues, string]>([
    ["/consultation", { utm_source: "naver" }, "/consultation?utm_source=naver"],
    [
      "https://consult.seoltab.test/apply",
      { utm_source: "naver", utm_campaign: "winter" },
      "https://consult.seoltab.test/apply?utm_campaign=winter&utm_source=naver",
    ],
    ["/consultation?from=cta", { utm_medium: "cpc" }, "/consultation?from=cta&utm_medium=cpc"],
    [
      "/consultation#form",
      { utm_term: "수학 과외" },
      "/consultation?utm_term=%EC%88%98%ED%95%99%20%EA%B3%BC%EC%99%B8#form",
    ],
    ["/c?utm_source=old&a=1", { utm_source: "new" }, "/c?a=1&utm_source=new"],
    ["/c?utm_source=old", { utm_medium: "x" }, "/c?utm_source=old&utm_medium=x"],
    ["/c?", { utm_source: "a&b=c" }, "/c?utm_source=a%26b%3Dc"],
    ["/c?a=1", {}, "/c?a=1"],
    ["/c", { utm_source: "" }, "/c"],
  ])("%s + %j → %s", (url, utm, expected) => {
    expect(appendUtm(url, utm)).toBe(expected);
  });

  const utmValues = fc.record(
    Object.fromEntries(UTM_KEYS.map((key) => [key, fc.string({ unit: "grapheme" })])) as Record<
      (typeof UTM_KEYS)[number],
      fc.Arbitrary<string>
    >,
    { requiredKeys: [] },
  );

  it("round-trips through pickUtm", () => {
    fc.assert(
      fc.property(
        utmValues,
        fc.constantFrom("/consultation", "https://a.test/x?y=1", "/c#h"),
        (utm, url) => {
          expect(pickUtm(appendUtm(url, utm))).toEqual(mergeFirstUtm(undefined, utm));
        },
      ),
    );
  });
});
