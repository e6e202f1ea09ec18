import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { useLoaderStore } from "../stores/loader-store";
import { useModalStore } from "../stores/modal-store";

// Every test starts from an empty page, closed modals, a hidden loader and empty storage.
afterEach(() => {
  cleanup();
  useModalStore.setState({ modals: [] });
  useLoaderStore.setState({ visible: false });
  localStorage.clear();
  sessionStorage.clear();
  document.body.removeAttribute("style");
});
