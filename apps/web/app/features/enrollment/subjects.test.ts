import { describe, expect, it } from "vitest";
import { linkedSubject, subjectOptions, subjectsInTaxonomyOrder } from "./catalog";
import { catalogFixture } from "./test/catalog-fixture";

const items = catalogFixture().LECTURE_ITEMS;
const area = (NAME: string, TERM_TAXONOMY_ID: number) => ({
  NAME,
  DEPTH: 1,
  TERM_TAXONOMY_ID,
  PARENT: 0,
});

describe("enrollment subjects and getTaxonomy (issue 20)", () => {
  it("orders the catalog's subjects as the taxonomy's areas, the rest after in catalog order", () => {
    const subjects = subjectOptions(items);
    expect(subjects.map((s) => s.name)).toEqual(["수학", "영어", "전과목"]);
    const taxonomy = {
      RESULT_TAXONOMIES: [
        area("영어", 1003),
        { NAME: "수학", DEPTH: 2, TERM_TAXONOMY_ID: 9, PARENT: 1003 }, // not an area
        area("수학", 1001),
      ],
      SUBJECT_TERM_MAP: [],
    };
    expect(subjectsInTaxonomyOrder(subjects, taxonomy).map((s) => s.name)).toEqual([
      "영어",
      "수학",
      "전과목",
    ]);
    // Nothing sold is dropped, nothing unsold is added; without a taxonomy the order stays.
    expect(
      subjectsInTaxonomyOrder(subjects, {
        RESULT_TAXONOMIES: [area("과학", 1005)],
        SUBJECT_TERM_MAP: [],
      }),
    ).toEqual(subjects);
    expect(subjectsInTaxonomyOrder(subjects, null)).toEqual(subjects);
  });

  it("a link's subject counts only when the catalog sells it", () => {
    expect(linkedSubject(items, "영어")).toBe("영어");
    expect(linkedSubject(items, " 수학 ")).toBe("수학");
    expect(linkedSubject(items, "과학")).toBeNull();
    expect(linkedSubject(items, "")).toBeNull();
    expect(linkedSubject(items, null)).toBeNull();
  });
});
