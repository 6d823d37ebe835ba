import { useCallback, useEffect, useRef } from "react";
import { useNavigate, type To } from "react-router";

/** Navigates after a delay (the success banner shows first); the timer dies with the component. */
export function useDelayedNavigate(): (to: To, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: To, delayMs: number) => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void navigate(to);
      }, delayMs);
    },
    [navigate],
  );
}
