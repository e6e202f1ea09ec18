import { describe, expect, it } from "vitest";
import { blocksText, plainBlocks } from "./weekly-blocks-editor";

describe("weekly blocks as GraphQL answers type them (day: String)", () => {
  it("blocksText names known days in Korean and shows an unknown one as it came", () => {
    expect(
      blocksText([
        { day: "MON", start: "18:00", end: "20:00" },
        { day: "XYZ", start: "09:00", end: "10:00" },
      ]),
    ).toBe("월 18:00~20:00, XYZ 09:00~10:00");
    expect(blocksText(null)).toBe("");
  });

  it("plainBlocks drops __typename and blocks whose day is not MON..SUN", () => {
    const answered = [
      { __typename: "WeeklyTimeBlock", day: "WED", start: "19:00", end: "21:00" },
      { day: "HOLIDAY", start: "10:00", end: "11:00" },
    ];
    expect(plainBlocks(answered)).toEqual([{ day: "WED", start: "19:00", end: "21:00" }]);
    expect(plainBlocks(undefined)).toEqual([]);
  });
});
