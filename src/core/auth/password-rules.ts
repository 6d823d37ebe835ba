/**
 * The codes and sentences of Quanta's password rules (password-policy.ts), apart from the policy so
 * the web can show them without loading the common-password dictionary.
 */
export const PASSWORD_RULE_MESSAGES = {
  password_too_common: "This password is too common. Please choose a less common one.",
  password_contains_email: "Your password must not contain your e-mail address.",
  password_is_name: "Your password must not be your name.",
  // The server sends a sentence that also says why (password-policy.ts); this one stands in without it.
  password_too_weak: "This password is too easy to guess. Please add another word or two.",
} as const;

export type PasswordProblemCode = keyof typeof PASSWORD_RULE_MESSAGES;

export function isPasswordProblemCode(code: string): code is PasswordProblemCode {
  return Object.hasOwn(PASSWORD_RULE_MESSAGES, code);
}
