/**
 * The skip link of a static page (markup: app/root.tsx): moves focus to the main landmark
 * without adding "#main-content" to the address, as on the React pages. Without JavaScript the
 * plain anchor still works.
 */
export function initSkipLink(root: Document = document): void {
  const link = root.querySelector<HTMLAnchorElement>(".skip-link");
  link?.addEventListener("click", (event) => {
    const main = root.getElementById("main-content");
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  });
}
