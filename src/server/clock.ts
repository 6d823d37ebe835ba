/**
 * The time, as every service reads it: `now: Clock` in its dependencies. The process passes
 * `() => new Date()` (composition/create-services.ts); tests pass a fixed or moving date.
 */
export type Clock = () => Date;
