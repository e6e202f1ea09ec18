import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { diagnosisNextSteps } from "@seoltab/domain/diagnosis";
import Consultation from "../../routes/consultation";

function subjectRadios(path: string) {
  const Stub = createRoutesStub([{ path: "/consultation", Component: Consultation }]);
  render(<Stub initialEntries={[path]} />);
  return within(screen.getByRole("group", { name: "상담 과목" })).getAllByRole(
    "radio",
  ) as HTMLInputElement[];
}

describe("the diagnosis report's next step: /consultation with the subject chosen", () => {
  it("chooses the subject the report's link names", async () => {
    const radios = subjectRadios(diagnosisNextSteps("KOREAN").consultation);
    await screen.findByRole("radio", { name: "국어", checked: true });
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(["국어"]);
  });

  it("ignores a subject that is not one of the form's", () => {
    const radios = subjectRadios("/consultation?subject=%EB%AF%B8%EC%88%A0");
    expect(radios.filter((r) => r.checked)).toEqual([]);
  });
});
