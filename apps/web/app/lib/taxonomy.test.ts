import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, ok } from "../test/fetch-mock";
import { fetchSubjectOptions, fetchTaxonomy, resetTaxonomyCache } from "./taxonomy";

const TAXONOMY = {
  RESULT_TAXONOMIES: [
    { NAME: "수학", DEPTH: 1, TERM_TAXONOMY_ID: 1001, PARENT: 0 },
    { NAME: "고등 수학", DEPTH: 2, TERM_TAXONOMY_ID: 1103, PARENT: 1001 },
    { NAME: "대수", DEPTH: 3, TERM_TAXONOMY_ID: 1113, PARENT: 1103 },
  ],
  SUBJECT_TERM_MAP: [
    { SUBJECT_ID: 8906, NAME: "스마트 수학", TERM_TAXONOMY_ID: 1001 },
    { SUBJECT_ID: 8918, NAME: "대수", TERM_TAXONOMY_ID: 1113 },
  ],
};

beforeEach(() => resetTaxonomyCache());
afterEach(() => vi.unstubAllGlobals());

describe("lib/taxonomy (POST /main/getTaxonomy)", () => {
  it("asks once per page load, anonymously, for every subject list", async () => {
    const { callsTo } = mockFetch({ "POST /main/getTaxonomy": () => ok(TAXONOMY) });
    const [a, b] = await Promise.all([fetchTaxonomy(), fetchSubjectOptions()]);
    expect(a).toEqual(TAXONOMY);
    expect(b).toEqual([
      { id: 1001, name: "수학" },
      { id: 1103, name: "고등 수학" },
      { id: 1113, name: "대수" },
    ]);
    expect(callsTo("/main/getTaxonomy")).toHaveLength(1);
    expect(callsTo("/main/getTaxonomy")[0]!.headers.authorization).toBeUndefined();
  });

  it("asks again after a failure", async () => {
    mockFetch({});
    await expect(fetchTaxonomy()).rejects.toThrow();
    const { callsTo } = mockFetch({ "POST /main/getTaxonomy": () => ok(TAXONOMY) });
    await expect(fetchTaxonomy()).resolves.toEqual(TAXONOMY);
    expect(callsTo("/main/getTaxonomy")).toHaveLength(1);
  });
});
