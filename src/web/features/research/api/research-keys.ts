/** Query keys of the research feature. */
export const researchKeys = {
  /** GET /api/usage: today's analyses against the free tier's limit. */
  usage: () => ["usage"] as const,
};
