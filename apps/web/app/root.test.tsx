import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ISLANDS_SRC } from "./lib/islands-page";
import { handle as marketingHandle } from "./routes/marketing-layout";
import { handle as notFoundHandle } from "./routes/not-found";
import { Layout } from "./root";

function Page() {
  return <h1>페이지</h1>;
}

/** The root layout around a page, at `path`, as the router renders it. */
function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => (
        <Layout>
          <Outlet />
        </Layout>
      ),
      children: [
        {
          handle: marketingHandle,
          children: [
            { path: "/", Component: Page },
            { path: "/smart", Component: Page },
          ],
        },
        { path: "/smart_content", Component: Page },
        { path: "/examination", Component: Page },
        { path: "/enrollment", Component: Page },
        { path: "/500", Component: Page },
        { path: "*", Component: Page, handle: notFoundHandle },
      ],
    },
  ]);
  // Rendered into the document itself, as in the browser (the layout renders <html>).
  return render(<Stub initialEntries={[path]} />, {
    container: document,
    baseElement: document.body,
  });
}

// <Scripts /> and <Links /> render tags that only make sense in the built HTML; React's
// development warnings about them are expected here and kept out of the test output.
const expectedWarnings = [/script tag/, /An empty string \(""\) was passed to the/];
beforeEach(() => {
  const original = console.error;
  vi.spyOn(console, "error").mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (expectedWarnings.some((pattern) => pattern.test(String(message)))) return;
    original(message, ...rest);
  });
});
afterEach(() => vi.restoreAllMocks());

const globalStyle = () => document.documentElement.getAttribute("data-global-style");

describe("root layout: global style by path", () => {
  it.each([
    ["/", "legacy"],
    ["/smart", "legacy"],
    ["/smart_content", "light"],
    ["/examination", "light"],
    ["/enrollment", "light"],
    ["/500", "light"],
    ["/404", "light"],
  ])("%s uses the %s style", async (path, expected) => {
    renderAt(path);
    await screen.findByRole("heading", { name: "페이지" });
    await waitFor(() => expect(globalStyle()).toBe(expected));
  });

  it("shows the /404 page's style at any unknown path", async () => {
    renderAt("/no/such/page");
    await screen.findByRole("heading", { name: "페이지" });
    await waitFor(() => expect(globalStyle()).toBe("light"));
  });

  it("renders Korean document metadata and a skip link to the main content", async () => {
    renderAt("/");
    await screen.findByRole("heading", { name: "페이지" });
    expect(document.documentElement.lang).toBe("ko");
    const skip = screen.getByRole("link", { name: "본문 바로가기" });
    expect(skip.getAttribute("href")).toBe("#main-content");
  });
});

describe("root layout: static pages", () => {
  const islandsScript = () =>
    document.querySelector(`head script[type="module"][src="${ISLANDS_SRC}"]`);

  it("gives a marketing page the islands script instead of React Router's scripts (scroll restoration, hydration)", async () => {
    renderAt("/smart");
    await screen.findByRole("heading", { name: "페이지" });
    expect(islandsScript()).not.toBeNull();
    expect(document.body.innerHTML).not.toContain("react-router-scroll-positions");
  });

  it("gives every other page React Router's scripts and no islands", async () => {
    renderAt("/500");
    await screen.findByRole("heading", { name: "페이지" });
    expect(islandsScript()).toBeNull();
    expect(document.body.innerHTML).toContain("react-router-scroll-positions");
  });
});
