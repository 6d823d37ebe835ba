import { startLandingBoot } from "./landing-boot";

// Built as its own entry (vite.config.ts); scripts/prerender-landing.mjs puts it in landing.html
// with the app's entry URL in `data-app-entry`.
const entry = document.querySelector<HTMLScriptElement>("script[data-app-entry]")?.dataset.appEntry;
if (entry) startLandingBoot(window, () => import(/* @vite-ignore */ entry));
