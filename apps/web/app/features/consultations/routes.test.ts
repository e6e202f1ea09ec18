import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../routes";

/** The route module files a path renders, outermost first. */
function filesFor(path: string): (string | undefined)[] {
  return (matchRoutes(routes as RouteObject[], path) ?? []).map(
    (m) => (m.route as { file?: string }).file,
  );
}

describe("consultation routes", () => {
  it("/consultation is its own page, outside the marketing layout (no floating button)", () => {
    expect(filesFor("/consultation")).toEqual(["routes/consultation.tsx"]);
  });

  it("the staff page lives in the app shell", () => {
    expect(filesFor("/_app/admin/consultations")).toEqual([
      "routes/app-shell.tsx",
      "routes/admin-consultations.tsx",
    ]);
  });
});
