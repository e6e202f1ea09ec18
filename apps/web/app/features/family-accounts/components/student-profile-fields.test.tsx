import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { StudentProfileFields, type StudentProfile } from "./student-profile-fields";

function Harness({ seen }: { seen: StudentProfile[] }) {
  const [profile, setProfile] = useState<StudentProfile>({
    name: "",
    level: "MIDDLE",
    grade: "MIDDLE_2",
    gender: "MAN",
  });
  return (
    <StudentProfileFields
      id="t"
      nameLabel="자녀 이름"
      profile={profile}
      onChange={(next) => {
        seen.push(next);
        setProfile(next);
      }}
    />
  );
}

describe("StudentProfileFields", () => {
  it("answers the whole profile on each change; a new school level resets the grade to its first", async () => {
    const seen: StudentProfile[] = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    await user.type(screen.getByLabelText("자녀 이름"), "김");
    expect(seen.at(-1)).toEqual({ name: "김", level: "MIDDLE", grade: "MIDDLE_2", gender: "MAN" });
    await user.click(screen.getByRole("radio", { name: "고등학교" }));
    expect(seen.at(-1)).toEqual({ name: "김", level: "HIGH", grade: "HIGH_1", gender: "MAN" });
    expect((screen.getByLabelText("학년") as HTMLSelectElement).value).toBe("HIGH_1");
    await user.click(screen.getByRole("radio", { name: "여자" }));
    expect(seen.at(-1)?.gender).toBe("WOMAN");
    expect(screen.getByLabelText("자녀 이름").getAttribute("maxlength")).toBe("50");
  });
});
