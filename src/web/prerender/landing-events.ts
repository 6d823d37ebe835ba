/** Sent on window once the app has hydrated the pre-rendered landing page (see landing-boot.ts). */
export const HYDRATED_EVENT = "quanta:hydrated";
