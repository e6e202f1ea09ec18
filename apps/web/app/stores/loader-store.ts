import { create } from "zustand";

/**
 * The full-screen loader flag of SPEC.md §2: the overlay (app/components/ui/fullscreen-loader.tsx)
 * is shown while `visible` is true.
 */
export interface LoaderState {
  visible: boolean;
  show: () => void;
  hide: () => void;
}

export const useLoaderStore = create<LoaderState>()((set) => ({
  visible: false,
  show: () => set({ visible: true }),
  hide: () => set({ visible: false }),
}));

/** Shows the loader while `task` runs and hides it afterwards, also when the task throws. */
export async function withLoader<T>(task: () => Promise<T>): Promise<T> {
  useLoaderStore.getState().show();
  try {
    return await task();
  } finally {
    useLoaderStore.getState().hide();
  }
}
