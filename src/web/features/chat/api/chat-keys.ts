/** Query keys of the chat site's conversations. */
export const chatKeys = {
  all: ["chat"] as const,
  list: () => [...chatKeys.all, "conversations"] as const,
  conversation: (id: string) => [...chatKeys.all, "conversation", id] as const,
};
