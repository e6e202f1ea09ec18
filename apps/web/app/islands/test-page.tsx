import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, matchRoutes, type RouteObject } from "react-router";
import routes from "../routes";

/*
 * Test helper: the markup of a static page as the build writes it (React rendering to a string,
 * no event handlers attached), put into the test document so the islands can run on it.
 */

const modules = import.meta.glob<{ default: ComponentType }>(
  [
    "../routes/marketing-layout.tsx",
    "../routes/home.tsx",
    "../routes/smart.tsx",
    "../routes/examination.tsx",
    "../routes/philosophy.tsx",
    "../routes/seoltab-faq.tsx",
    "../routes/seoltab-review.tsx",
  ],
  { eager: true },
);

/** The body markup of the marketing page at `url` (layout and page, without the root). */
export function staticPageHtml(url: string): string {
  const path = new URL(url, "http://localhost").pathname;
  const files = (matchRoutes(routes as RouteObject[], path) ?? []).map(
    (match) => (match.route as { file: string }).file,
  );
  const [layout, page] = files.map((file) => modules[`../${file}`]?.default);
  if (!layout || !page || files[0] !== "routes/marketing-layout.tsx") {
    // Not a static page, or its module is not in the list above.
    throw new Error(`no static page module for ${path} (${files.join(", ")})`);
  }
  const Stub = createRoutesStub([{ Component: layout, children: [{ path, Component: page }] }]);
  return renderToString(<Stub initialEntries={[url]} />);
}

/**
 * Shows the static page at `url` (a path, with a query if wanted) in the test document, with the
 * root's skip link, at that address.
 */
export function showStaticPage(url: string): void {
  window.history.replaceState(null, "", url);
  document.body.innerHTML = `<a class="skip-link" href="#main-content">본문 바로가기</a>${staticPageHtml(url)}`;
}

/**
 * A DOM subtree as comparable data: element names, attributes (sorted) and text, comments
 * dropped and neighbouring text joined. Lets a test compare the islands' markup with React's.
 */
export interface Shape {
  tag: string;
  attributes: Record<string, string>;
  children: (Shape | string)[];
}

export function shape(node: Element): Shape {
  return shapeOf(node) as Shape;
}

function shapeOf(node: Node): Shape | string | null {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (!(node instanceof Element)) return null;
  const attributes = Object.fromEntries(
    Array.from(node.attributes, (a) => [a.name, a.value]).sort(([a], [b]) => a!.localeCompare(b!)),
  );
  const children: (Shape | string)[] = [];
  for (const child of node.childNodes) {
    const value = shapeOf(child);
    if (value === null) continue;
    if (typeof value === "string" && typeof children.at(-1) === "string") {
      children[children.length - 1] = `${children.at(-1) as string}${value}`;
    } else children.push(value);
  }
  return { tag: node.tagName.toLowerCase(), attributes, children };
}

/** Parses markup into a container element (for `shape`). */
export function fromHtml(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  return container;
}
